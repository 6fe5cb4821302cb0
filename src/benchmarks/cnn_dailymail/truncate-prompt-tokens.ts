// TensorRT-LLM's `truncate_prompt_tokens` for a text prompt, as its LLM API applies it: the default input processor
// (tensorrt_llm/inputs/registry.py @3a5845e29304b03ae78db71a2ac8698709d8af6e) encodes the prompt with
// `tokenizer.encode(prompt, add_special_tokens=True, truncation=True, max_length=k)`, and the LLM API loads every
// Hugging Face tokenizer with `truncation_side='left'` (tensorrt_llm/llmapi/tokenizer.py
// @89fd9b74ab7ae753b4c6b3db25a400dca7ea54a0 `load_hf_tokenizer`): the text keeps its LAST `k - s` tokens, where `s`
// is the number of special tokens the tokenizer adds (a BOS: the model sees BOS + the last k - 1 text tokens).
// SamplingParams' docstring says the same ("use only the last k tokens", sampling_params.py
// @000a01de66f0eab4ab05640711f0253f50f5209c).
import type { TextTokenizer } from "../../core/tokenizer.js";
import { ConfigError } from "../../errors.js";

/** accuracy_core.py `CnnDailymail.MAX_INPUT_LEN`, passed as `truncate_prompt_tokens`. */
export const CNN_DAILYMAIL_MAX_INPUT_TOKENS = 924;

/**
 * Special tokens a tokenizer may add around a text. Every tokenizer the tool loads spends at least one UTF-8 byte
 * per token of text, so a prompt of at most `k - 16` bytes cannot be over `k` tokens and needs no tokenizer.
 */
const ADDED_TOKENS_BOUND = 16;

/**
 * The text ids kept by Hugging Face's left truncation to `maxLength` tokens with `specialCount` special tokens
 * added: all of them when they fit, else the last `maxLength - specialCount` (none when the specials alone fill it).
 */
export function leftTruncatedIds(
  textIds: readonly number[],
  specialCount: number,
  maxLength: number,
): readonly number[] {
  if (textIds.length + specialCount <= maxLength) return textIds;
  const keep = Math.max(0, maxLength - specialCount);
  return textIds.slice(textIds.length - keep);
}

/**
 * `prompt` as the model sees it after `truncate_prompt_tokens=maxLength`: unchanged when its tokens (special tokens
 * included) fit, else its last tokens decoded back to text (special tokens skipped; the server adds its own when it
 * tokenizes the text again). A prompt too short to need counting is returned without a tokenizer.
 */
export async function truncatePromptTokens(
  prompt: string,
  maxLength: number,
  tokenizer: (() => Promise<TextTokenizer>) | undefined,
): Promise<string> {
  if (Buffer.byteLength(prompt, "utf8") + ADDED_TOKENS_BOUND <= maxLength) return prompt;
  if (tokenizer === undefined) {
    throw new ConfigError(
      `cnn_dailymail keeps the last ${maxLength} tokens of each prompt (TensorRT-LLM's truncate_prompt_tokens), ` +
        "counted with the served model's tokenizer: name it with --tokenizer (hf:OWNER/REPO, a tokenizer.json, " +
        "gguf:FILE or server).",
    );
  }
  const resolved = await tokenizer();
  const textIds = await resolved.encode(prompt, { addSpecialTokens: false });
  const withSpecial = await resolved.encode(prompt, { addSpecialTokens: true });
  const specialCount = Math.max(0, withSpecial.length - textIds.length);
  const kept = leftTruncatedIds(textIds, specialCount, maxLength);
  if (kept.length === textIds.length) return prompt;
  return resolved.decode(kept, { skipSpecialTokens: true });
}
