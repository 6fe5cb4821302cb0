// The mock's token ids, both ways: each token of `splitIntoTokens` gets an id from a hash of its text, and the
// vocabulary remembers the texts it has handed ids out for, so that `/detokenize` is `/tokenize`'s exact inverse.
import { splitIntoTokens } from "./split-into-tokens.js";

/** The mock's beginning-of-sequence token id, put in front when a tokenize request asks for special tokens. */
export const MOCK_BOS_TOKEN_ID = 1;
/** Ids 2 … 31,999 come from the hash; a text whose hash id another text holds gets the next free id above them. */
const MOCK_VOCABULARY_SIZE = 32_000;
const BOS_TEXT = "<s>";

export interface MockVocabulary {
  /** The ids of `text`'s tokens (BOS in front when asked). */
  encode(text: string, addSpecialTokens: boolean): number[];
  /** The text of ids this vocabulary handed out (BOS spelled `<s>` unless skipped); an unknown id throws. */
  decode(ids: readonly number[], skipSpecialTokens: boolean): string;
}

/**
 * One server's vocabulary. Ids are the FNV-1a hash of the token text (2 … 31,999), as before the vocabulary
 * existed; a second text landing on a taken id gets an id of its own from 32,000 up, so ids stay one-to-one. A
 * cluster's workers each hold their own: a detokenize request must go to the worker that tokenized.
 */
export function createMockVocabulary(): MockVocabulary {
  const textById = new Map<number, string>();
  const idByText = new Map<string, number>();
  let nextExtraId = MOCK_VOCABULARY_SIZE;

  const idOf = (token: string): number => {
    const known = idByText.get(token);
    if (known !== undefined) return known;
    let hash = 0x811c9dc5;
    for (let index = 0; index < token.length; index++) {
      hash = Math.imul(hash ^ token.charCodeAt(index), 0x01000193) >>> 0;
    }
    const hashed = 2 + (hash % (MOCK_VOCABULARY_SIZE - 2));
    const id = textById.has(hashed) ? nextExtraId++ : hashed;
    textById.set(id, token);
    idByText.set(token, id);
    return id;
  };

  return {
    encode(text, addSpecialTokens) {
      const ids = splitIntoTokens(text).map(idOf);
      return addSpecialTokens ? [MOCK_BOS_TOKEN_ID, ...ids] : ids;
    },
    decode(ids, skipSpecialTokens) {
      const parts: string[] = [];
      for (const id of ids) {
        if (id === MOCK_BOS_TOKEN_ID) {
          if (!skipSpecialTokens) parts.push(BOS_TEXT);
          continue;
        }
        const text = textById.get(id);
        if (text === undefined) {
          throw new RangeError(`Token id ${id} was never given out by this mock server's /tokenize.`);
        }
        parts.push(text);
      }
      return parts.join("");
    },
  };
}
