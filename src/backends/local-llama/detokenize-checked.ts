// A GGUF's detokenizer with the ids checked first: llama.cpp aborts the whole process on an id outside its
// vocabulary (`std::out_of_range`), so a bad id must become an error before it gets there.
import type { LlamaModel, Token } from "node-llama-cpp";

/** The number of tokens in the GGUF's vocabulary. */
export function vocabularySize(model: LlamaModel): number {
  const tokens: unknown = model.fileInfo.metadata.tokenizer?.ggml?.tokens;
  return Array.isArray(tokens) ? tokens.length : [...model.iterateAllTokens()].length;
}

/** The text of `ids` (special tokens spelled out when `isSpecialSpelled`); an id not in the vocabulary throws a RangeError. */
export function detokenizeChecked(
  model: LlamaModel,
  ids: readonly number[],
  isSpecialSpelled: boolean,
): string {
  const size = vocabularySize(model);
  const bad = ids.find((id) => !Number.isInteger(id) || id < 0 || id >= size);
  if (bad !== undefined) {
    throw new RangeError(`Token id ${bad} is not in the model's vocabulary (ids 0 … ${size - 1}).`);
  }
  return model.detokenize(ids as Token[], isSpecialSpelled);
}
