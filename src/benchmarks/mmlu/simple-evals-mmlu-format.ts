// simple-evals' MMLU prompt (`mmlu_eval.py`): zero-shot, one user message, QUERY_TEMPLATE_MULTICHOICE.
// Matched: openai/simple-evals mmlu_eval.py and common.py@ee3b0318d8d1d9d72755a4120879be65f7c07e9e
// (`format_multichoice_question`, `QUERY_TEMPLATE_MULTICHOICE`, `ChatCompletionSampler`).
import { letterOf } from "../../graders/multiple-choice.js";
import { buildFewShotPrompt } from "../../prompts/build-few-shot-prompt.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import type { LetterPhrasing } from "../letter-oracle.js";
import type { MmluFormat } from "./mmlu-format.js";
import { pandasCellText } from "./pandas-cell-text.js";
import type { MmluRow } from "./read-mmlu-rows.js";

const INSTRUCTION =
  "Answer the following multiple choice question. The last line of your response should be of the following " +
  "format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step before answering.";

/** `QUERY_TEMPLATE_MULTICHOICE.format(**row)`: the instruction, the question, then `A) …` to `D) …` (no trailing newline). */
export function simpleEvalsQuestion(row: Pick<MmluRow, "question" | "choices">): string {
  const options = row.choices
    .map((choice, index) => `${letterOf(index)}) ${pandasCellText(choice)}`)
    .join("\n");
  return `${INSTRUCTION}\n\n${pandasCellText(row.question)}\n\n${options}`;
}

/** Phrasings `simple_evals_mmlu` (the first "Answer:" followed by a letter, after `normalize_response`) reads. */
const PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => `Answer: ${letter}`,
  (letter) => `Comparing the options one by one, a single one holds up.\n\nAnswer: ${letter}`,
  (letter) => `**Answer:** ${letter}`,
  (letter) => `answer:${letter}`,
];

/**
 * Zero-shot by design: the prompt is one user message (after `--system-prompt`, if any; simple-evals' sampler
 * sends none by default). Shots, when asked for, are ours: each a user turn with the template and an assistant turn
 * `Answer: B` (chat), or the same joined by blank lines (completions).
 */
export const simpleEvalsMmluFormat: MmluFormat = {
  orderShots: (dev) => [...dev],
  buildPrompt({ sample, orderedDev, options }) {
    return buildFewShotPrompt({
      endpointType: options.endpointType,
      systemPrompt: resolveSystemPrompt(options.systemPrompt),
      examples: orderedDev.slice(0, options.nShots).map((row) => ({
        query: simpleEvalsQuestion(row),
        target: `Answer: ${letterOf(row.answerIndex)}`,
      })),
      query: simpleEvalsQuestion(sample),
      targetDelimiter: "\n\n",
    });
  },
  promptSuffix: (sample) => simpleEvalsQuestion(sample),
  phrasings: PHRASINGS,
};
