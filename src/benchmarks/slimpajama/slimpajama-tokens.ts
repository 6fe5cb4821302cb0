// TensorRT-LLM's `_prepare_inputs` for eval_context_ppl (examples/summarize.py
// @010c4b27120c06d25c5f860fada9ba748801e0da): `text.strip().replace(" n't", "n't")`, tokenized with special
// tokens and truncation to `max_input_length` (16,384), kept when it has more than `min_input_length` (10,000) ids.
import type { TextTokenizer } from "../../core/tokenizer.js";
import { pythonStrip } from "../../graders/python-whitespace.js";
import { truncatedIds } from "../truncate-prompt-tokens.js";

/** accuracy_core.py `SlimPajama6B.MAX_INPUT_LEN`: `--max_input_length`. */
export const SLIMPAJAMA_MAX_INPUT_TOKENS = 16_384;
/** accuracy_core.py `SlimPajama6B.MIN_INPUT_LEN`: `--min_input_length` (a document needs more ids than this). */
export const SLIMPAJAMA_MIN_INPUT_TOKENS = 10_000;
/** Special tokens a tokenizer may add around a text, at most (BOS, EOS and a few more): a bound, not a count. */
const MAX_SPECIAL_TOKENS = 16;

/** `(text + "").strip().replace(" n't", "n't")`: the text summarize.py tokenizes. */
export function slimpajamaText(text: string): string {
  return pythonStrip(text).split(" n't").join("n't");
}

/**
 * True when `text` cannot have more than `SLIMPAJAMA_MIN_INPUT_TOKENS` ids whatever the tokenizer: a token covers at
 * least one UTF-8 byte, so the ids are at most its bytes plus the special tokens.
 */
export function isSurelyShort(text: string): boolean {
  return Buffer.byteLength(text, "utf8") + MAX_SPECIAL_TOKENS <= SLIMPAJAMA_MIN_INPUT_TOKENS;
}

/**
 * `tokenizer.encode(text, add_special_tokens=True, truncation=True, max_length=16384)`: Hugging Face truncates the
 * text's ids to leave room for the special tokens, then adds them, so the specials survive the cut.
 */
export async function slimpajamaIds(tokenizer: TextTokenizer, text: string): Promise<number[]> {
  const withSpecial = [...(await tokenizer.encode(text, { addSpecialTokens: true }))];
  if (withSpecial.length <= SLIMPAJAMA_MAX_INPUT_TOKENS) return withSpecial;
  const plain = await tokenizer.encode(text, { addSpecialTokens: false });
  const offset = wrappedAt(withSpecial, plain);
  // Specials that change the text's own ids (none known): cut the whole sequence.
  if (offset === undefined) return withSpecial.slice(0, SLIMPAJAMA_MAX_INPUT_TOKENS);
  const before = withSpecial.slice(0, offset);
  const after = withSpecial.slice(offset + plain.length);
  const kept = truncatedIds(plain, before.length + after.length, SLIMPAJAMA_MAX_INPUT_TOKENS, "right");
  return [...before, ...kept, ...after];
}

/** The position of the text's ids inside the ids with special tokens, when they sit there unchanged. */
function wrappedAt(withSpecial: readonly number[], plain: readonly number[]): number | undefined {
  for (let offset = 0; offset <= withSpecial.length - plain.length; offset++) {
    if (plain.every((id, index) => withSpecial[offset + index] === id)) return offset;
  }
  return undefined;
}
