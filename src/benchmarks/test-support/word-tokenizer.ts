// A small deterministic tokenizer for tests of token-counting benchmarks: a token is a run of non-space characters
// with the whitespace before it (the mock server's rule), ids handed out in order of first sight, BOS 1 in front
// when special tokens are asked for, EOS 2.
import type { TextTokenizer } from "../../core/tokenizer.js";

export const WORD_TOKENIZER_BOS = 1;
export const WORD_TOKENIZER_EOS = 2;

export function createWordTokenizer(): TextTokenizer {
  const idOf = new Map<string, number>();
  const textOf = new Map<number, string>([
    [WORD_TOKENIZER_BOS, "<s>"],
    [WORD_TOKENIZER_EOS, "</s>"],
  ]);
  const tokenId = (token: string) => {
    let id = idOf.get(token);
    if (id === undefined) {
      id = textOf.size + 1;
      idOf.set(token, id);
      textOf.set(id, token);
    }
    return id;
  };
  return {
    record: { spec: "words", kind: "file", source: "test word tokenizer", implementation: "test" },
    async encode(text, options = {}) {
      const ids = (text.match(/\s*\S+/g) ?? []).map(tokenId);
      return options.addSpecialTokens === true ? [WORD_TOKENIZER_BOS, ...ids] : ids;
    },
    async decode(ids) {
      return ids.map((id) => textOf.get(id) ?? "").join("");
    },
    specialTokenIds: async () => ({ bos: WORD_TOKENIZER_BOS, eos: WORD_TOKENIZER_EOS }),
  };
}
