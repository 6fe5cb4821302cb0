// LongBench v2's middle truncation (THUDM/LongBench `pred.py` `query_llm` @2e00731f8d0bff23dc4325161044d0ed8af94c1e):
// a prompt of more than `max_len` tokens keeps its first `max_len // 2` and last `-(-max_len // 2)` tokens, decoded
// back to text.
import type { TextTokenizer } from "../../core/tokenizer.js";
import { ConfigError } from "../../errors.js";

/** `config/model2maxlen.json`: 120000 for every model but claude-3.5-sonnet (200000). */
export const DEFAULT_MAX_CONTEXT_TOKENS = 120_000;

/**
 * Special tokens a tokenizer may add around a text (BOS, EOS, a SentencePiece prefix). Every tokenizer the tool
 * loads spends at least one UTF-8 byte per token of text, so a prompt of at most `max_len - 16` bytes cannot be cut.
 */
const ADDED_TOKENS_BOUND = 16;

/**
 * The kept token ids: `ids[:max_len//2] + ids[-max_len//2:]` in Python, where `-max_len//2` floors the negated
 * length — the tail keeps the larger half when `max_len` is odd, and the two halves add up to `max_len`.
 */
export function middleCutIds(ids: readonly number[], maxLen: number): number[] {
  if (ids.length <= maxLen) return [...ids];
  const head = Math.floor(maxLen / 2);
  const tail = maxLen - head;
  return [...ids.slice(0, head), ...ids.slice(ids.length - tail)];
}

/**
 * `prompt`, or — when the tokenizer makes more than `maxLen` tokens of it — its middle cut, as `pred.py` does it for
 * a Hugging Face tokenizer: `tokenizer.encode(prompt)` (special tokens added), then
 * `decode(kept, skip_special_tokens=True)`. A prompt too short to need counting is returned without a tokenizer.
 */
export async function truncateMiddle(
  prompt: string,
  maxLen: number,
  tokenizer: (() => Promise<TextTokenizer>) | undefined,
): Promise<string> {
  if (Buffer.byteLength(prompt, "utf8") + ADDED_TOKENS_BOUND <= maxLen) return prompt;
  if (tokenizer === undefined) {
    throw new ConfigError(
      `longbench_v2 cuts prompts longer than ${maxLen} tokens (--max-context-tokens) in the middle, in tokens: ` +
        "name the served model's tokenizer with --tokenizer (hf:OWNER/REPO, a tokenizer.json, gguf:FILE or server).",
    );
  }
  const resolved = await tokenizer();
  const ids = await resolved.encode(prompt, { addSpecialTokens: true });
  if (ids.length <= maxLen) return prompt;
  return resolved.decode(middleCutIds(ids, maxLen), { skipSpecialTokens: true });
}
