// `--tokenizer SPEC` → which tokenizer: `hf:OWNER/REPO[@REVISION]`, `gguf:FILE`, `server`, or a local path.
import { ConfigError } from "../errors.js";

export type TokenizerSpec =
  | { kind: "hf"; spec: string; repo: string; revision: string }
  | { kind: "gguf"; spec: string; path: string }
  | { kind: "server"; spec: string }
  | { kind: "file"; spec: string; path: string };

/** The four forms, for messages. */
export const TOKENIZER_FORMS =
  "--tokenizer hf:OWNER/REPO[@REVISION] (its tokenizer.json from the Hugging Face Hub), --tokenizer PATH " +
  "(a tokenizer.json, or a model directory holding one), --tokenizer gguf:FILE.gguf (the vocabulary inside a " +
  "GGUF), or --tokenizer server (the server's /tokenize and /detokenize)";

const REPO_PART = /^[A-Za-z0-9][\w.-]*$/;

/** Parses a `--tokenizer` value; a malformed `hf:` or `gguf:` value is a ConfigError showing the forms. */
export function parseTokenizerSpec(spec: string): TokenizerSpec {
  if (spec === "server") return { kind: "server", spec };
  if (spec.startsWith("gguf:")) {
    const path = spec.slice("gguf:".length);
    if (path === "")
      throw new ConfigError(`--tokenizer ${spec}: name the GGUF file, e.g. gguf:./model.gguf.`);
    return { kind: "gguf", spec, path };
  }
  if (spec.startsWith("hf:")) {
    const body = spec.slice("hf:".length);
    const at = body.indexOf("@");
    const repo = at === -1 ? body : body.slice(0, at);
    const revision = at === -1 ? "main" : body.slice(at + 1);
    const parts = repo.split("/");
    if (
      parts.length !== 2 ||
      !parts.every((part) => REPO_PART.test(part) && !part.includes("..")) ||
      revision === ""
    ) {
      throw new ConfigError(
        `--tokenizer ${spec}: expected hf:OWNER/REPO or hf:OWNER/REPO@REVISION (e.g. hf:Qwen/Qwen2.5-7B-Instruct). ` +
          `The forms are ${TOKENIZER_FORMS}.`,
      );
    }
    return { kind: "hf", spec, repo, revision };
  }
  return { kind: "file", spec, path: spec };
}

/** Whether a served model's name can be a Hub repository (`OWNER/REPO`), for the default chain. */
export function isHubRepoName(name: string): boolean {
  const parts = name.split("/");
  return parts.length === 2 && parts.every((part) => REPO_PART.test(part) && !part.includes(".."));
}
