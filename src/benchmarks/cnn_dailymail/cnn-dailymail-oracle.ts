// The mock server's oracle for CNN/DailyMail: a prompt is recognised by the end of its text (the article's last
// characters and "TL;DR:", which truncation to the last tokens keeps), and answered with the row's highlights
// (every rouge F-measure 1) or, wrong, with a sentence that shares next to no words with them.
import type { BenchmarkOracle } from "../types.js";
import { cnnDailymailPromptText } from "./cnn-dailymail-prompt.js";
import type { CnnDailymailSample } from "./cnn-dailymail-sample.js";

/** Characters of the prompt's end the oracle recognises it by (far fewer than 924 tokens keep). */
export const ORACLE_SUFFIX_CHARACTERS = 200;

/** Wrong answers: summaries of nothing in particular (rouge1 well below 1 against any highlights). */
export const WRONG_SUMMARIES: readonly string[] = [
  "Nothing of note happened.",
  "Summary unavailable; please try again later.",
];

export const cnnDailymailOracle: BenchmarkOracle<CnnDailymailSample> = {
  promptSuffix(sample) {
    const characters = Array.from(cnnDailymailPromptText(sample.article));
    return characters.slice(-ORACLE_SUFFIX_CHARACTERS).join("");
  },
  answer(sample, isCorrect, variant) {
    if (isCorrect) return sample.highlights;
    const index =
      ((Math.trunc(variant) % WRONG_SUMMARIES.length) + WRONG_SUMMARIES.length) % WRONG_SUMMARIES.length;
    return WRONG_SUMMARIES[index] ?? "";
  },
};
