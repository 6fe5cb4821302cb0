// A prompt cut to a token budget the way a reference's Hugging Face tokenizer cuts it:
// `tokenizer.encode(text, add_special_tokens=True, truncation=True, max_length=k)` keeps k tokens, the special ones
// it adds included, so k − s text tokens (s special tokens): the FIRST ones with `truncation_side='right'`
// (TensorRT-LLM's summarize.py: ZeroScrolls, HumanEval), the LAST ones with 'left' (TensorRT-LLM's LLM API loads every
// tokenizer so, tensorrt_llm/llmapi/tokenizer.py@89fd9b74ab7ae753b4c6b3db25a400dca7ea54a0 `load_hf_tokenizer`, and
// applies `truncate_prompt_tokens` through it, tensorrt_llm/inputs/registry.py@3a5845e29304b03ae78db71a2ac8698709d8af6e:
// CNN Dailymail). The text sent is those tokens decoded (special tokens skipped: the server adds its own).
import type { TextTokenizer } from "../core/tokenizer.js";
import { ConfigError } from "../errors.js";

/** Which end of the text survives: "right" truncation keeps the first tokens, "left" the last. */
export type TruncationSide = "left" | "right";

/**
 * Special tokens a tokenizer may add around a text. Every tokenizer the tool loads spends at least one UTF-8 byte
 * per token of text, so a prompt of at most `k - 16` bytes cannot be over `k` tokens and needs no tokenizer.
 */
const ADDED_TOKENS_BOUND = 16;

/**
 * The text ids kept by Hugging Face's truncation to `maxLength` tokens with `specialCount` special tokens added:
 * all of them when they fit, else `maxLength - specialCount` from the kept side (none when the specials fill it).
 */
export function truncatedIds(
  textIds: readonly number[],
  specialCount: number,
  maxLength: number,
  side: TruncationSide,
): readonly number[] {
  if (textIds.length + specialCount <= maxLength) return textIds;
  const keep = Math.max(0, maxLength - specialCount);
  return side === "left" ? textIds.slice(textIds.length - keep) : textIds.slice(0, keep);
}

export interface TruncateOptions {
  readonly maxTokens: number;
  readonly side: TruncationSide;
  /** Who cuts and why, for the message when no tokenizer can be had: `cnn_dailymail keeps the last 924 tokens …`. */
  readonly purpose: string;
}

/**
 * `prompt` as the model sees it after the cut: unchanged when its tokens (special tokens included) fit, else the kept
 * tokens decoded back to text. A prompt too short to need counting is returned without a tokenizer.
 */
export async function truncatePromptTokens(
  prompt: string,
  options: TruncateOptions,
  tokenizer: (() => Promise<TextTokenizer>) | undefined,
): Promise<string> {
  const { maxTokens, side } = options;
  if (Buffer.byteLength(prompt, "utf8") + ADDED_TOKENS_BOUND <= maxTokens) return prompt;
  if (tokenizer === undefined) {
    throw new ConfigError(
      `${options.purpose}, counted with the served model's tokenizer: name it with --tokenizer (hf:OWNER/REPO, a ` +
        "tokenizer.json, gguf:FILE or server).",
    );
  }
  const resolved = await tokenizer();
  const textIds = await resolved.encode(prompt, { addSpecialTokens: false });
  const withSpecial = await resolved.encode(prompt, { addSpecialTokens: true });
  const specialCount = Math.max(0, withSpecial.length - textIds.length);
  const kept = truncatedIds(textIds, specialCount, maxTokens, side);
  if (kept.length === textIds.length) return prompt;
  return resolved.decode(kept, { skipSpecialTokens: true });
}
