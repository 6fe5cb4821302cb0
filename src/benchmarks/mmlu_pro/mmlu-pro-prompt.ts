// MMLU-Pro prompt text of both official scripts: evaluate_from_local.py (`tiger`) and evaluate_from_api.py (`tiger-api`).
// Reference: TIGER-AI-Lab/MMLU-Pro@f418b116db00b065c2aea046518d8fcf74d39872 — evaluate_from_local.py
// (`generate_cot_prompt`, `format_cot_example`), cot_prompt_lib/initial_prompt.txt, evaluate_from_api.py
// (`single_request`, `format_example`).
import { letterOf } from "../../graders/multiple-choice.js";
import type { MmluProRow } from "./read-mmlu-pro-rows.js";

type Question = Pick<MmluProRow, "question" | "options">;

/**
 * `initial_prompt.txt` with {$} = the category — the file ends with three newlines — and the "\n" the local script
 * adds: four newlines before the first question.
 */
export function tigerHeader(category: string): string {
  return `The following are multiple choice questions (with answers) about ${category}. Think step by step and then finish your answer with "the answer is (X)" where X is the correct letter choice.\n\n\n\n`;
}

/** `format_cot_example`'s block: "Question:\n{question}\nOptions:\nA. …\n". */
function tigerBlock(row: Question): string {
  const options = row.options.map((option, index) => `${letterOf(index)}. ${option}\n`).join("");
  return `Question:\n${row.question}\nOptions:\n${options}`;
}

/** A solved exemplar: the block, its cot_content with every "A: Let's think…" made "Answer: Let's think…", "\n\n". */
export function tigerExample(row: MmluProRow): string {
  const cot = row.cotContent.replaceAll("A: Let's think step by step.", "Answer: Let's think step by step.");
  return `${tigerBlock(row)}${cot}\n\n`;
}

/** The question to answer, which every `tiger` prompt ends with: the block and "Answer: Let's think step by step." */
export function tigerQuery(row: Question): string {
  return `${tigerBlock(row)}Answer: Let's think step by step.`;
}

export function tigerPromptText(category: string, shots: readonly MmluProRow[], row: Question): string {
  return tigerHeader(category) + shots.map(tigerExample).join("") + tigerQuery(row);
}

/** `single_request`'s instruction: one blank line before the first question. */
export function tigerApiHeader(category: string): string {
  return `The following are multiple choice questions (with answers) about ${category}. Think step by step and then output the answer in the format of "The answer is (X)" at the end.\n\n`;
}

/**
 * `format_example`: "Question: {q}\nOptions: " + "A. …\n" per option (the first on the "Options: " line) +
 * "Answer: " + the cot_content without its leading "A: " (the question to answer: "Let's think step by step.") + "\n\n".
 */
export function tigerApiExample(row: Question, cotContent: string): string {
  const cot = cotContent === "" ? "Let's think step by step." : cotContent;
  const answer = cot.startsWith("A: ") ? cot.slice(3) : cot;
  const options = row.options.map((option, index) => `${letterOf(index)}. ${option}\n`).join("");
  return `Question: ${row.question}\nOptions: ${options}Answer: ${answer}\n\n`;
}

/** The question to answer, which every `tiger-api` prompt ends with. */
export function tigerApiQuery(row: Question): string {
  return tigerApiExample(row, "");
}

export function tigerApiPromptText(category: string, shots: readonly MmluProRow[], row: Question): string {
  return (
    tigerApiHeader(category) +
    shots.map((shot) => tigerApiExample(shot, shot.cotContent)).join("") +
    tigerApiQuery(row)
  );
}
