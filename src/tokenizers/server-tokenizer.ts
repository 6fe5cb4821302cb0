// `--tokenizer server`: the served model's own tokenizer through the backend (`POST /tokenize` and `/detokenize`
// of vLLM, SGLang, llama.cpp server and our `serve`/mock; the GGUF's tokenizer for the in-process model).
import type { Backend } from "../core/generation.js";
import type { TextTokenizer, TokenizerRecord } from "../core/tokenizer.js";
import { ConfigError } from "../errors.js";
import { TOKENIZER_FORMS } from "./parse-tokenizer-spec.js";

/** The text whose tokenization with and without special tokens shows a server's BOS. */
const SPECIAL_PROBE_TEXT = "Hello";

export function createServerTokenizer(
  backend: Backend,
  record: Omit<TokenizerRecord, "kind" | "implementation">,
  signal?: AbortSignal,
): TextTokenizer {
  const missing = (route: string) =>
    new ConfigError(
      `--tokenizer ${record.spec}: the server (${record.source}) has no ${route} endpoint. Use another form: ${TOKENIZER_FORMS}.`,
    );
  return {
    record: {
      ...record,
      kind: "server",
      implementation: `the server's /tokenize and /detokenize (${backend.name} backend)`,
    },
    async encode(text, options = {}) {
      const ids = await backend.tokenize?.(text, {
        addSpecialTokens: options.addSpecialTokens ?? false,
        ...(signal === undefined ? {} : { signal }),
      });
      if (ids === undefined) throw missing("/tokenize");
      return ids;
    },
    async decode(ids, options = {}) {
      const text = await backend.detokenize?.(ids, {
        ...(options.skipSpecialTokens === undefined ? {} : { skipSpecialTokens: options.skipSpecialTokens }),
        ...(signal === undefined ? {} : { signal }),
      });
      if (text === undefined) throw missing("/detokenize");
      return text;
    },
    /** BOS: the id `/tokenize` puts in front of a text when asked for special tokens (none: null); EOS: unknown. */
    async specialTokenIds() {
      const tokenize = async (addSpecialTokens: boolean) => {
        const ids = await backend.tokenize?.(SPECIAL_PROBE_TEXT, {
          addSpecialTokens,
          ...(signal === undefined ? {} : { signal }),
        });
        if (ids === undefined) throw missing("/tokenize");
        return ids;
      };
      const [withSpecial, plain] = [await tokenize(true), await tokenize(false)];
      const isPrefixed =
        withSpecial.length === plain.length + 1 && plain.every((id, at) => withSpecial[at + 1] === id);
      return { bos: isPrefixed ? (withSpecial[0] ?? null) : null, eos: null };
    },
  };
}
