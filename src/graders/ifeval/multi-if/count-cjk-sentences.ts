// Multi-IF's sentence count for Chinese and Japanese responses (`split_chinese_japanese`).
import { pythonStrip } from "../../python-whitespace.js";
import { pythonSplitLines } from "../python-text.js";

/** A run of non-terminators closed by at most one terminator (`! ? 。 . ！ ？ ．`). */
const SENTENCE = /[^!?。.！？．\n]+[!?。.！？．\n]?/gu;

/**
 * Per line (Python `splitlines()`), stripped: the runs of text up to and including one terminator. A terminator
 * right after another starts nothing, and a blank line has no sentence.
 */
export function countCjkSentences(text: string): number {
  let count = 0;
  for (const line of pythonSplitLines(text)) count += pythonStrip(line).match(SENTENCE)?.length ?? 0;
  return count;
}
