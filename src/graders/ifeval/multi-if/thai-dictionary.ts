// pythainlp's default word dictionary (`words_th.txt`, the trie newmm matches against), read at first use.
import { gunzipSync } from "node:zlib";
import { pythonStrip } from "../../python-whitespace.js";
import { pythonSplitLines } from "../python-text.js";
import { THAI_WORDS_GZIP_BASE64 } from "./thai-words-data.js";

/** A word set with the prefix lookups of pythainlp's `Trie`. */
export interface ThaiDictionary {
  /** The lengths of the words that `text` starts with at `start`, shortest first (`Trie.prefixes`). */
  readonly prefixLengths: (text: string, start: number) => number[];
}

function buildDictionary(words: readonly string[]): ThaiDictionary {
  const wordSet = new Set<string>();
  // Every non-empty prefix of a word: a trie node. A prefix that is no node ends the walk.
  const prefixSet = new Set<string>();
  for (const word of words) {
    wordSet.add(word);
    for (let length = 1; length <= word.length; length++) prefixSet.add(word.slice(0, length));
  }
  return {
    prefixLengths(text, start) {
      const lengths: number[] = [];
      for (let end = start + 1; end <= text.length; end++) {
        const prefix = text.slice(start, end);
        if (!prefixSet.has(prefix)) break;
        if (wordSet.has(prefix)) lengths.push(end - start);
      }
      return lengths;
    },
  };
}

/**
 * The words as pythainlp reads them: `get_corpus` keeps the non-empty lines (`utf-8-sig`, `splitlines()`), and
 * `Trie.add` strips each one (Python `str.strip()`; no line of the file has surrounding whitespace).
 */
function readWords(): string[] {
  const text = gunzipSync(Buffer.from(THAI_WORDS_GZIP_BASE64.join(""), "base64")).toString("utf8");
  return pythonSplitLines(text.replace(/^\ufeff/u, ""))
    .map(pythonStrip)
    .filter((word) => word !== "");
}

let defaultDictionary: ThaiDictionary | undefined;

/** pythainlp's `DEFAULT_WORD_DICT_TRIE` (62,075 words), built once on first use. */
export function thaiDictionary(): ThaiDictionary {
  defaultDictionary ??= buildDictionary(readWords());
  return defaultDictionary;
}
