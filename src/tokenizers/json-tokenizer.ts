// A Hugging Face `tokenizer.json` (with its `tokenizer_config.json`) as a TextTokenizer, through the maintained
// pure-JavaScript implementation `@huggingface/tokenizers`.
import { Tokenizer } from "@huggingface/tokenizers";
import type { TextTokenizer, TokenizerRecord } from "../core/tokenizer.js";

/** The version of `@huggingface/tokenizers` this module was written against, for run.json. */
export const HF_TOKENIZERS_IMPLEMENTATION = "@huggingface/tokenizers 0.2.0";

/**
 * `tokenizerJson`: the parsed tokenizer.json; `tokenizerConfig`: the parsed tokenizer_config.json ({} when the
 * repository has none). `record` says where they came from.
 */
export function createJsonTokenizer(
  tokenizerJson: object,
  tokenizerConfig: object,
  record: Omit<TokenizerRecord, "implementation">,
): TextTokenizer {
  const tokenizer = new Tokenizer(tokenizerJson, tokenizerConfig);
  return {
    record: { ...record, implementation: HF_TOKENIZERS_IMPLEMENTATION },
    async encode(text, options = {}) {
      return tokenizer.encode(text, { add_special_tokens: options.addSpecialTokens ?? false }).ids;
    },
    async decode(ids, options = {}) {
      return tokenizer.decode([...ids], { skip_special_tokens: options.skipSpecialTokens ?? false });
    },
  };
}
