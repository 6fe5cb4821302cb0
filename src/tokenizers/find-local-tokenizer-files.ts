// A local `--tokenizer PATH`: a tokenizer.json, or a model directory holding one (with its tokenizer_config.json).
// A GGUF given without `gguf:`, a directory without tokenizer.json or a missing path is a ConfigError saying which
// form fits.
import { createHash } from "node:crypto";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../errors.js";
import { TOKENIZER_FORMS } from "./parse-tokenizer-spec.js";

export interface LocalTokenizerFiles {
  jsonPath: string;
  /** The tokenizer_config.json beside tokenizer.json; undefined when there is none. */
  configPath: string | undefined;
  /** The SHA-256 of tokenizer.json, for run.json. */
  sha256: string;
}

export function findLocalTokenizerFiles(spec: string): LocalTokenizerFiles {
  const given = path.resolve(spec);
  const info = statSync(given, { throwIfNoEntry: false });
  if (info === undefined) {
    throw new ConfigError(
      `--tokenizer ${spec}: no such file or directory. The forms are ${TOKENIZER_FORMS}.`,
    );
  }
  let jsonPath = given;
  if (info.isDirectory()) {
    jsonPath = path.join(given, "tokenizer.json");
    if (!existsSync(jsonPath)) {
      const ggufs = readdirSync(given).filter((name) => name.endsWith(".gguf"));
      const hint =
        ggufs[0] === undefined
          ? `Give a directory holding tokenizer.json (a Hugging Face model directory) or a tokenizer.json file.`
          : `It holds ${ggufs.join(", ")}: for a GGUF's vocabulary give --tokenizer gguf:${path.join(spec, ggufs[0])}.`;
      throw new ConfigError(`--tokenizer ${spec}: the directory has no tokenizer.json. ${hint}`);
    }
  } else if (isGguf(given)) {
    throw new ConfigError(
      `--tokenizer ${spec}: this is a GGUF file; give --tokenizer gguf:${spec} for the vocabulary inside it.`,
    );
  }
  const configPath = path.join(path.dirname(jsonPath), "tokenizer_config.json");
  return {
    jsonPath,
    configPath: existsSync(configPath) ? configPath : undefined,
    sha256: createHash("sha256").update(readFileSync(jsonPath)).digest("hex"),
  };
}

function isGguf(filePath: string): boolean {
  if (filePath.endsWith(".gguf")) return true;
  const magic = Buffer.alloc(4);
  const descriptor = openSync(filePath, "r");
  try {
    readSync(descriptor, magic, 0, 4, 0);
  } finally {
    closeSync(descriptor);
  }
  return magic.toString("latin1") === "GGUF";
}
