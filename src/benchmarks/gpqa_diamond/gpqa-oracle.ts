// How the mock server's oracle answers a GPQA prompt: an option letter in phrasings the recipe's grader reads
// (every phrasing for lighteval_gpqa; simple-evals' strict `Answer: X` only for simple_evals_gpqa).
import { createLetterOracle, type LetterPhrasing } from "../letter-oracle.js";
import type { BenchmarkOracle } from "../types.js";
import { gpqaLightevalQueryTail, gpqaQuery } from "./gpqa-prompt.js";
import type { GpqaSample } from "./gpqa-sample.js";

const PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => `Answer: ${letter}`,
  (letter, text) =>
    `Let me think step by step.\nWeighing each option, only "${text}" fits.\n\nAnswer: ${letter}`,
  (letter) => `The final answer is ${letter}. I hope it is correct.`,
  (letter) => `**Answer: ${letter}**`,
  (letter) => `Therefore, the answer is ${letter}.`,
  (letter) => letter,
];

/** The phrasings simple-evals' `Answer[ \t]*:[ \t]*\$?([A-D])\$?` reads (and lighteval_gpqa too). */
const ANSWER_LINE_PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => `Answer: ${letter}`,
  (letter, text) =>
    `Let me think step by step.\nWeighing each option, only "${text}" fits.\n\nAnswer: ${letter}`,
  (letter) => `**Answer: ${letter}**`,
];

const letterOracle = createLetterOracle<GpqaSample>({
  promptSuffix: (sample) => gpqaQuery(sample),
  answerIndex: (sample) => sample.answerIndex,
  options: (sample) => sample.choices,
  phrasings: PHRASINGS,
});

const answerLineOracle = createLetterOracle<GpqaSample>({
  promptSuffix: (sample) => gpqaQuery(sample),
  answerIndex: (sample) => sample.answerIndex,
  options: (sample) => sample.choices,
  phrasings: ANSWER_LINE_PHRASINGS,
});

/**
 * simple-evals: the whole query ends every prompt. lighteval: its chat turn glues the instruction to the question
 * while its flat prompt puts a blank line between them, so the suffix is what follows the instruction.
 */
export const gpqaOracle: BenchmarkOracle<GpqaSample> = {
  promptSuffix: (sample, recipe) =>
    recipe.name === "lighteval" ? gpqaLightevalQueryTail(sample) : gpqaQuery(sample),
  answer: (sample, isCorrect, variant, recipe) =>
    recipe.grader === "simple_evals_gpqa"
      ? answerLineOracle.answer(sample, isCorrect, variant, recipe)
      : letterOracle.answer(sample, isCorrect, variant, recipe),
};

/** How many distinct phrasings `answer` cycles through. */
export const GPQA_ORACLE_PHRASING_COUNT = PHRASINGS.length;
