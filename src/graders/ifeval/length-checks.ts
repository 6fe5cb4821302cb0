// The `length_constraints:` instructions: sentences, paragraphs split by `***`, words, and the nth paragraph's first word.

import { PYTHON_WHITESPACE_CLASS, pythonSplit, pythonStrip } from "../python-whitespace.js";
import { countWords } from "./count-words.js";
import { compareCount, type InstructionKwargs } from "./instruction-kwargs.js";
import { countSentences } from "./punkt/count-sentences.js";
import { stripCharactersStart } from "./python-text.js";

const MARKDOWN_DIVIDER = new RegExp(`${PYTHON_WHITESPACE_CLASS}?\\*\\*\\*${PYTHON_WHITESPACE_CLASS}?`, "u");
const FIRST_WORD_END = new Set([".", ",", "?", "!", "'", '"']);

/** The number of Punkt sentences (nltk's English model) against the relation. */
export function checkNumberSentences(
  response: string,
  kwargs: InstructionKwargs["length_constraints:number_sentences"],
): boolean {
  return compareCount(countSentences(response), kwargs.relation, kwargs.num_sentences);
}

/**
 * Exactly `num_paragraphs` pieces between `***` dividers (`\s?\*\*\*\s?`): a blank first or last piece is not
 * counted, a blank piece inside fails.
 */
export function checkNumberParagraphs(
  response: string,
  kwargs: InstructionKwargs["length_constraints:number_paragraphs"],
): boolean {
  const paragraphs = response.split(MARKDOWN_DIVIDER);
  let count = paragraphs.length;
  for (const [index, paragraph] of paragraphs.entries()) {
    if (pythonStrip(paragraph) !== "") continue;
    if (index !== 0 && index !== paragraphs.length - 1) return false;
    count--;
  }
  return count === kwargs.num_paragraphs;
}

/** The number of `\w+` words against the relation. */
export function checkNumberWords(
  response: string,
  kwargs: InstructionKwargs["length_constraints:number_words"],
): boolean {
  return compareCount(countWords(response), kwargs.relation, kwargs.num_words);
}

/**
 * Paragraphs split on `\n\n`: the non-blank ones number `num_paragraphs`, and the `nth_paragraph`-th piece of
 * the split (blank pieces included, as the official indexes them) starts with `first_word`, compared in lower
 * case up to the first `. , ? ! ' "` after leading quotes.
 */
export function checkNthParagraphFirstWord(
  response: string,
  kwargs: InstructionKwargs["length_constraints:nth_paragraph_first_word"],
): boolean {
  const paragraphs = response.split("\n\n");
  const count = paragraphs.filter((paragraph) => pythonStrip(paragraph) !== "").length;
  if (kwargs.nth_paragraph > count) return false;
  const paragraph = pythonStrip(paragraphs[kwargs.nth_paragraph - 1] ?? "");
  if (paragraph === "") return false;
  const word = stripCharactersStart(stripCharactersStart(pythonSplit(paragraph)[0] ?? "", "'"), '"');
  let firstWord = "";
  for (const character of word) {
    if (FIRST_WORD_END.has(character)) break;
    firstWord += character.toLowerCase();
  }
  return count === kwargs.num_paragraphs && firstWord === kwargs.first_word.toLowerCase();
}
