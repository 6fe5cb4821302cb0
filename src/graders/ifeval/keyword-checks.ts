// The `keywords:` instructions: existence, frequency, forbidden words and letter frequency.

import { PYTHON_WORD_BOUNDARY, pythonRegExp, translatePythonPattern } from "../python-pattern.js";
import { pythonStrip } from "../python-whitespace.js";
import { compareCount, type InstructionKwargs } from "./instruction-kwargs.js";

/** Every keyword, read as a Python regex, is found case-insensitively (`re.search(keyword, value, re.I)`). */
export function checkKeywordsExistence(
  response: string,
  kwargs: InstructionKwargs["keywords:existence"],
): boolean {
  return kwargs.keywords.every((keyword) => pythonRegExp(keyword, { isIgnoreCase: true }).test(response));
}

/** The number of case-insensitive matches of the keyword (a Python regex, stripped) against the relation. */
export function checkKeywordFrequency(
  response: string,
  kwargs: InstructionKwargs["keywords:frequency"],
): boolean {
  const pattern = pythonRegExp(pythonStrip(kwargs.keyword), { isIgnoreCase: true, isGlobal: true });
  let occurrences = 0;
  for (const _ of response.matchAll(pattern)) occurrences++;
  return compareCount(occurrences, kwargs.relation, kwargs.frequency);
}

/** No forbidden word appears between Python word boundaries (`\bword\b`, case-insensitive). */
export function checkForbiddenWords(
  response: string,
  kwargs: InstructionKwargs["keywords:forbidden_words"],
): boolean {
  return kwargs.forbidden_words.every((word) => {
    const source = `${PYTHON_WORD_BOUNDARY}${translatePythonPattern(word, { isIgnoreCase: true })}${PYTHON_WORD_BOUNDARY}`;
    return !new RegExp(source, "iu").test(response);
  });
}

/**
 * How often the letter (lower-cased) occurs in the lower-cased response, against the relation. The letter is used
 * as given: the pinned official code replaces anything but one ASCII letter (the data has `#` and `!`) with a
 * random letter, which no grader can reproduce.
 */
export function checkLetterFrequency(
  response: string,
  kwargs: InstructionKwargs["keywords:letter_frequency"],
): boolean {
  const letter = pythonStrip(kwargs.letter).toLowerCase();
  const occurrences = response.toLowerCase().split(letter).length - 1;
  return compareCount(occurrences, kwargs.let_relation, kwargs.let_frequency);
}
