// IFEval's word count: nltk's `RegexpTokenizer(r"\w+")` tokens, i.e. runs of Python's Unicode `\w`.
import { PYTHON_WORD_CHARACTERS } from "../python-pattern.js";

const WORD_RUN = new RegExp(`[${PYTHON_WORD_CHARACTERS}]+`, "gu");

/** The number of maximal runs of word characters (letters, numbers, `_`; combining marks split words). */
export function countWords(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD_RUN)) count++;
  return count;
}
