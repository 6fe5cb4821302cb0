// An approximation of Multi-IF's Thai sentence count: pythainlp's `sent_tokenize` (engine crfcut) on each line.
import { pythonStrip } from "../../python-whitespace.js";
import { pythonSplitLines } from "../python-text.js";
import { thaiWordTokenize } from "./thai-word-tokenize.js";

const THAI_LETTER = /[\u0e00-\u0e4f\u0e5a-\u0e7f]/u;
const TERMINAL_PUNCTUATION = ["!", ".", "?"] as const;

function isThai(token: string | undefined): boolean {
  return token !== undefined && THAI_LETTER.test(token);
}

/**
 * crfcut's sentences in one line. crfcut labels each word token as a sentence end or not with a CRF model; here
 * the model is replaced by one rule: a whitespace token between two Thai tokens ends a sentence (Thai separates
 * sentences with a space; spaces next to numbers or Latin words do not). crfcut's own rules are then applied as
 * it does: the last token ends a sentence, a token ending in `!`, `.` or `?` (once stripped) ends one, and a
 * whitespace token at the start or right after an end does not.
 */
function countLineSentences(line: string): number {
  const tokens = thaiWordTokenize(line);
  const isEnd = tokens.map(
    (token, index) =>
      index === tokens.length - 1 ||
      (pythonStrip(token) === "" && isThai(tokens[index - 1]) && isThai(tokens[index + 1])),
  );
  let count = 0;
  for (const [index, token] of tokens.entries()) {
    const stripped = pythonStrip(token);
    if (TERMINAL_PUNCTUATION.some((mark) => stripped.endsWith(mark))) isEnd[index] = true;
    else if ((index === 0 || isEnd[index - 1]) && stripped === "") isEnd[index] = false;
    if (isEnd[index]) count++;
  }
  return count;
}

/** The number of sentences of every line (Python `splitlines()`), added up; an empty line has none. */
export function countThaiSentences(text: string): number {
  let count = 0;
  for (const line of pythonSplitLines(text)) count += countLineSentences(line);
  return count;
}
