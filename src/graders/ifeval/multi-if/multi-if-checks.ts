// Multi-IF's instruction checks: Google's registry with the four checks Multi-IF's `ifeval.py` changes.
import { type InstructionChecks, instructionChecks } from "../instruction-checks.js";
import { compareCount, type InstructionKwargs } from "../instruction-kwargs.js";
import { checkKeywordFrequency } from "../keyword-checks.js";
import { isQuotedWith, type QuotePair } from "../startend-checks.js";
import { countMultiIfSentences } from "./count-multi-if-sentences.js";
import { countMultiIfWords } from "./count-multi-if-words.js";

/** ASCII double quotes, Chinese curly quotes, Japanese corner brackets. */
const MULTI_IF_QUOTES: readonly QuotePair[] = [
  ['"', '"'],
  ["\u201c", "\u201d"],
  ["\u300c", "\u300d"],
];

/** The number of sentences counted for the detected language (`countMultiIfSentences`) against the relation. */
export function checkMultiIfNumberSentences(
  response: string,
  kwargs: InstructionKwargs["length_constraints:number_sentences"],
): boolean {
  return compareCount(countMultiIfSentences(response), kwargs.relation, kwargs.num_sentences);
}

/** The number of words counted for the detected language (`countMultiIfWords`) against the relation. */
export function checkMultiIfNumberWords(
  response: string,
  kwargs: InstructionKwargs["length_constraints:number_words"],
): boolean {
  return compareCount(countMultiIfWords(response), kwargs.relation, kwargs.num_words);
}

/** Google's keyword frequency, except that a keyword that is not a valid regex fails instead of throwing. */
export function checkMultiIfKeywordFrequency(
  response: string,
  kwargs: InstructionKwargs["keywords:frequency"],
): boolean {
  try {
    return checkKeywordFrequency(response, kwargs);
  } catch (error) {
    if (error instanceof SyntaxError) return false;
    throw error;
  }
}

/** The stripped response is wrapped in `"…"`, `“…”` or `「…」`. */
export function checkMultiIfQuotation(response: string): boolean {
  return isQuotedWith(response, MULTI_IF_QUOTES);
}

/** Multi-IF's `INSTRUCTION_DICT`: the same 25 ids in the same order as Google's. */
export const multiIfInstructionChecks: InstructionChecks = {
  ...instructionChecks,
  "keywords:frequency": checkMultiIfKeywordFrequency,
  "length_constraints:number_sentences": checkMultiIfNumberSentences,
  "length_constraints:number_words": checkMultiIfNumberWords,
  "startend:quotation": checkMultiIfQuotation,
};
