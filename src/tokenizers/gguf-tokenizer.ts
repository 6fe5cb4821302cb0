// The vocabulary inside a GGUF as a TextTokenizer, through node-llama-cpp (loaded with the vocabulary only: no
// weights in memory, nothing built). Runs inside the tokenizer thread (start-tokenizer-thread.ts).
import { closeSync, openSync, readSync, statSync } from "node:fs";
import type { Llama, LlamaModel } from "node-llama-cpp";
import { detokenizeChecked } from "../backends/local-llama/detokenize-checked.js";
import { leadingTokens, withoutBos } from "../backends/local-llama/tokenize-prompt.js";
import type { TextTokenizer, TokenizerRecord } from "../core/tokenizer.js";
import { ConfigError, toError } from "../errors.js";

/** The version of node-llama-cpp this module was written against, for run.json. */
export const NODE_LLAMA_CPP_IMPLEMENTATION = "node-llama-cpp 3.22.1";

/**
 * Loads the vocabulary of the GGUF at `modelPath`. Encoding parses special-token text as special tokens (as a
 * tokenizer.json does) and puts BOS in front only when asked and the model wants one.
 */
export async function openGgufTokenizer(
  modelPath: string,
  record: Omit<TokenizerRecord, "implementation">,
): Promise<TextTokenizer> {
  checkGgufFile(modelPath, record.spec);
  const { getLlama, LlamaLogLevel } = await import("node-llama-cpp");
  let llama: Llama;
  try {
    llama = await getLlama({
      gpu: false,
      build: "never",
      logLevel: LlamaLogLevel.error,
      progressLogs: false,
    });
  } catch (error) {
    throw new ConfigError(
      `--tokenizer ${record.spec}: no usable llama.cpp prebuilt binary (${toError(error).message}).`,
      { cause: error },
    );
  }
  let model: LlamaModel;
  try {
    model = await llama.loadModel({ modelPath, vocabOnly: true });
  } catch (error) {
    await llama.dispose();
    throw new ConfigError(
      `--tokenizer ${record.spec}: cannot read the vocabulary of ${modelPath} (${toError(error).message}). ` +
        "Is the file a complete llama.cpp GGUF?",
      { cause: error },
    );
  }
  return {
    record: { ...record, implementation: NODE_LLAMA_CPP_IMPLEMENTATION },
    async encode(text, options = {}) {
      const ids = withoutBos(model, model.tokenize(text, true));
      return [...(options.addSpecialTokens === true ? leadingTokens(model) : []), ...ids].map(Number);
    },
    async decode(ids, options = {}) {
      return detokenizeChecked(model, ids, options.skipSpecialTokens !== true);
    },
    async specialTokenIds() {
      const { bos, eos } = model.tokens;
      return { bos: bos === null ? null : Number(bos), eos: eos === null ? null : Number(eos) };
    },
    async close() {
      await model.dispose();
      await llama.dispose();
    },
  };
}

/** A missing file, a directory or a file that is not a GGUF is a ConfigError saying which form fits. */
function checkGgufFile(modelPath: string, spec: string): void {
  const info = statSync(modelPath, { throwIfNoEntry: false });
  if (info === undefined) {
    throw new ConfigError(`--tokenizer ${spec}: no such file ${modelPath}. Give the path of a .gguf file.`);
  }
  if (info.isDirectory()) {
    throw new ConfigError(
      `--tokenizer ${spec}: ${modelPath} is a directory. gguf: takes a .gguf file; for a model directory ` +
        `holding tokenizer.json give its path without gguf: (--tokenizer ${modelPath}).`,
    );
  }
  const magic = Buffer.alloc(4);
  const descriptor = openSync(modelPath, "r");
  try {
    readSync(descriptor, magic, 0, 4, 0);
  } finally {
    closeSync(descriptor);
  }
  if (magic.toString("latin1") !== "GGUF") {
    throw new ConfigError(
      `--tokenizer ${spec}: ${modelPath} is not a GGUF file (it does not start with "GGUF"). ` +
        "For a tokenizer.json give its path without gguf:.",
    );
  }
}
