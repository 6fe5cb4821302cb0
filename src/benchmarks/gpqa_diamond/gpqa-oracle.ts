// How the mock server's oracle answers a GPQA prompt: an option letter in phrasings lighteval_gpqa reads.
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

const letterOracle = createLetterOracle<GpqaSample>({
  promptSuffix: (sample) => gpqaQuery(sample),
  answerIndex: (sample) => sample.answerIndex,
  options: (sample) => sample.choices,
  phrasings: PHRASINGS,
});

/**
 * simple-evals: the whole query ends every prompt. lighteval: its chat turn glues the instruction to the question
 * while its flat prompt puts a blank line between them, so the suffix is what follows the instruction.
 */
export const gpqaOracle: BenchmarkOracle<GpqaSample> = {
  promptSuffix: (sample, recipe) =>
    recipe.name === "lighteval" ? gpqaLightevalQueryTail(sample) : gpqaQuery(sample),
  answer: letterOracle.answer,
};

/** How many distinct phrasings `answer` cycles through. */
export const GPQA_ORACLE_PHRASING_COUNT = PHRASINGS.length;
