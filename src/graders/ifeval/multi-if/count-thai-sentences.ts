// Multi-IF's Thai sentence count: pythainlp's `sent_tokenize` (engine crfcut) on each line, added up.
import { pythonStrip } from "../../python-whitespace.js";
import { pythonSplitLines } from "../python-text.js";
import { crfcutFeatures } from "./crfcut-features.js";
import { crfcutModel } from "./crfcut-model.js";
import { crfcutViterbi } from "./crfcut-viterbi.js";
import { thaiWordTokenize } from "./thai-word-tokenize.js";

const END_LABEL = 1;
const TERMINAL_PUNCTUATION = ["!", ".", "?"] as const;

/**
 * crfcut's `segment` on one line, counted: the CRF labels each `word_tokenize` token, then crfcut's fixed rules
 * apply in token order: the last token ends a sentence, a token ending in `!`, `.` or `?` (once stripped) ends
 * one, and a whitespace token at the start or right after an end does not. Every end closes a non-empty
 * sentence.
 */
function countLineSentences(line: string): number {
  const tokens = thaiWordTokenize(line);
  const isEnd = crfcutViterbi(crfcutFeatures(tokens), crfcutModel()).map((label) => label === END_LABEL);
  if (isEnd.length > 0) isEnd[isEnd.length - 1] = true;
  let count = 0;
  for (const [index, token] of tokens.entries()) {
    const stripped = pythonStrip(token);
    if (TERMINAL_PUNCTUATION.some((mark) => stripped.endsWith(mark))) isEnd[index] = true;
    else if ((index === 0 || isEnd[index - 1] === true) && stripped === "") isEnd[index] = false;
    if (isEnd[index] === true) count++;
  }
  return count;
}

/** The number of sentences of every line (Python `splitlines()`), added up; an empty line has none. */
export function countThaiSentences(text: string): number {
  let count = 0;
  for (const line of pythonSplitLines(text)) count += countLineSentences(line);
  return count;
}
