// Multi-IF's word count for Chinese and Japanese responses (`count_words_chinese_japanese`): each CJK character,
// kana or Hangul syllable is a word, each emoji is a word, and the rest is split on whitespace.
import { pythonSplit } from "../../python-whitespace.js";
import { EMOJI_PATTERN } from "./emoji-pattern.js";

/** The punctuation Multi-IF deletes first (ASCII and CJK marks; not `=`, `|`, `«`, `『』`, `【】`, `・`). */
const PUNCTUATION =
  /[!"#$%&'()*+,\-./:;<>?@[\\\]^_`{}~\u00bb\u2014\u201c\u201d\u2026\u3001\u3002\u300a\u300b\u300c\u300d\u3014\u3015\uff01\uff08\uff09\uff0c\uff0e\uff1a\uff1b\uff1f\uffe5]+/g;
/** CJK Unified Ideographs and Extension A, Hiragana and Katakana, Hangul Syllables (BMP blocks only). */
const CJK_CHARACTER = /[\u4e00-\u9fff\u3400-\u4dbf\u3040-\u309f\u30a0-\u30ff\uac00-\ud7af]/g;

/**
 * Deletes the punctuation, counts and deletes the emoji, counts the CJK characters, then replaces them by spaces
 * and counts the whitespace-separated words left.
 */
export function countCjkWords(text: string): number {
  const withoutPunctuation = text.replace(PUNCTUATION, "");
  const emojiCount = withoutPunctuation.match(EMOJI_PATTERN)?.length ?? 0;
  const withoutEmoji = withoutPunctuation.replace(EMOJI_PATTERN, "");
  const characterCount = withoutEmoji.match(CJK_CHARACTER)?.length ?? 0;
  const otherWords = pythonSplit(withoutEmoji.replace(CJK_CHARACTER, " ")).length;
  return otherWords + characterCount + emojiCount;
}
