// Every IFEval instruction id mapped to its check `(response, kwargs) → followed?`, as the official registry maps ids to classes.
import {
  checkCapitalWordFrequency,
  checkEnglishCapital,
  checkEnglishLowercase,
} from "./change-case-checks.js";
import { checkRepeatPrompt, checkTwoResponses } from "./combination-checks.js";
import { checkNumberPlaceholders, checkPostscript } from "./detectable-content-checks.js";
import {
  checkConstrainedResponse,
  checkJsonFormat,
  checkMultipleSections,
  checkNumberBulletLists,
  checkNumberHighlightedSections,
  checkTitle,
} from "./detectable-format-checks.js";
import type { IfevalInstructionId, InstructionKwargs } from "./instruction-kwargs.js";
import {
  checkForbiddenWords,
  checkKeywordFrequency,
  checkKeywordsExistence,
  checkLetterFrequency,
} from "./keyword-checks.js";
import { checkResponseLanguage } from "./language-checks.js";
import {
  checkNthParagraphFirstWord,
  checkNumberParagraphs,
  checkNumberSentences,
  checkNumberWords,
} from "./length-checks.js";
import { checkNoComma } from "./punctuation-checks.js";
import { checkEndPhrase, checkQuotation } from "./startend-checks.js";

export type InstructionCheck<Id extends IfevalInstructionId> = (
  response: string,
  kwargs: InstructionKwargs[Id],
) => boolean;

/** A check for every instruction id. */
export type InstructionChecks = { [Id in IfevalInstructionId]: InstructionCheck<Id> };

export const instructionChecks: InstructionChecks = {
  "keywords:existence": checkKeywordsExistence,
  "keywords:frequency": checkKeywordFrequency,
  "keywords:forbidden_words": checkForbiddenWords,
  "keywords:letter_frequency": checkLetterFrequency,
  "language:response_language": checkResponseLanguage,
  "length_constraints:number_sentences": checkNumberSentences,
  "length_constraints:number_paragraphs": checkNumberParagraphs,
  "length_constraints:number_words": checkNumberWords,
  "length_constraints:nth_paragraph_first_word": checkNthParagraphFirstWord,
  "detectable_content:number_placeholders": checkNumberPlaceholders,
  "detectable_content:postscript": checkPostscript,
  "detectable_format:number_bullet_lists": checkNumberBulletLists,
  "detectable_format:constrained_response": checkConstrainedResponse,
  "detectable_format:number_highlighted_sections": checkNumberHighlightedSections,
  "detectable_format:multiple_sections": checkMultipleSections,
  "detectable_format:json_format": checkJsonFormat,
  "detectable_format:title": checkTitle,
  "combination:two_responses": checkTwoResponses,
  "combination:repeat_prompt": checkRepeatPrompt,
  "startend:end_checker": checkEndPhrase,
  "change_case:capital_word_frequency": checkCapitalWordFrequency,
  "change_case:english_capital": checkEnglishCapital,
  "change_case:english_lowercase": checkEnglishLowercase,
  "punctuation:no_comma": checkNoComma,
  "startend:quotation": checkQuotation,
};
