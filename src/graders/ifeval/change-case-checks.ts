// The `change_case:` instructions: all-capital words counted, and English in all capitals or all lowercase.
import { compareCount, type InstructionKwargs } from "./instruction-kwargs.js";
import { detectLanguage } from "./langdetect/detect-language.js";
import { isPythonLower, isPythonUpper } from "./python-text.js";
import { wordTokenize } from "./word-tokenize.js";

/** The number of `nltk.word_tokenize` tokens that are `isupper()` against the relation. */
export function checkCapitalWordFrequency(
  response: string,
  kwargs: InstructionKwargs["change_case:capital_word_frequency"],
): boolean {
  const capitalWords = wordTokenize(response).filter(isPythonUpper).length;
  return compareCount(capitalWords, kwargs.capital_relation, kwargs.capital_frequency);
}

/** `isupper()` and langdetect says "en"; a text langdetect cannot read (no features) counts as followed. */
export function checkEnglishCapital(response: string): boolean {
  if (!isPythonUpper(response)) return false;
  const language = detectLanguage(response);
  return language === undefined || language === "en";
}

/** `islower()` and langdetect says "en"; a text langdetect cannot read (no features) counts as followed. */
export function checkEnglishLowercase(response: string): boolean {
  if (!isPythonLower(response)) return false;
  const language = detectLanguage(response);
  return language === undefined || language === "en";
}
