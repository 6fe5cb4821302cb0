// A Hugging Face `tokenizer.json` (with its `tokenizer_config.json`) as a TextTokenizer, through the maintained
// pure-JavaScript implementation `@huggingface/tokenizers`.
import { Tokenizer } from "@huggingface/tokenizers";
import type { SpecialTokenIds, TextTokenizer, TokenizerRecord } from "../core/tokenizer.js";

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
  const special: SpecialTokenIds = {
    bos: configTokenId(tokenizer, tokenizerConfig, "bos_token"),
    eos: configTokenId(tokenizer, tokenizerConfig, "eos_token"),
  };
  return {
    record: { ...record, implementation: HF_TOKENIZERS_IMPLEMENTATION },
    async encode(text, options = {}) {
      return tokenizer.encode(text, { add_special_tokens: options.addSpecialTokens ?? false }).ids;
    },
    async decode(ids, options = {}) {
      return tokenizer.decode([...ids], { skip_special_tokens: options.skipSpecialTokens ?? false });
    },
    specialTokenIds: async () => special,
  };
}

/**
 * The id of tokenizer_config.json's `bos_token` or `eos_token` (a string, or an AddedToken object with `content`),
 * as transformers' `bos_token_id` reads it; null when the config names none or the vocabulary lacks it.
 */
function configTokenId(tokenizer: Tokenizer, config: object, key: "bos_token" | "eos_token"): number | null {
  const value: unknown = (config as Record<string, unknown>)[key];
  const content =
    typeof value === "string"
      ? value
      : typeof value === "object" &&
          value !== null &&
          typeof (value as { content?: unknown }).content === "string"
        ? (value as { content: string }).content
        : undefined;
  if (content === undefined) return null;
  return tokenizer.token_to_id(content) ?? null;
}
