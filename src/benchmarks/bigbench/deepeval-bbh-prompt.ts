// BBH prompts of the `deepeval` recipe: DeepEval's BigBenchHardTemplate plus its confinement line, as aiperf sends them.
// References: confident-ai/deepeval deepeval/benchmarks/big_bench_hard/template.py and big_bench_hard.py
// (`bbh_confinement_statements_dict`), cot_prompts/ and shot_prompts/ @a2e0d4cfd3118352d321c1c84bdeba17d4a201bc;
// ai-dynamo/aiperf src/aiperf/accuracy/benchmarks/bigbench.py@77be640ad3a80488766f85c78b69f4dd34072d6a.
import type { BbhTask } from "./bbh-tasks.js";
import { type BbhPromptFile, directExemplarText } from "./parse-bbh-prompt-file.js";

const OUTPUT_LETTERS = (count: number): string => {
  const letters = Array.from({ length: count }, (_, index) => `'(${String.fromCharCode(65 + index)})'`);
  return `${letters.slice(0, -1).join(", ")}, or ${letters.at(-1) ?? ""}`;
};

/** DeepEval's per-task confinement instruction (its wording and spacing, e.g. "'(A)' or'(B)'"), which aiperf appends. */
export const DEEPEVAL_BBH_CONFINEMENT: Readonly<Record<BbhTask, string>> = {
  boolean_expressions: "Output 'True' or 'False'.",
  causal_judgement: "Output 'Yes' or 'No'.",
  date_understanding: `Output ${OUTPUT_LETTERS(6)}.`,
  disambiguation_qa: `Output ${OUTPUT_LETTERS(3)}.`,
  dyck_languages: "Output only the sequence of parentheses characters separated by white space.",
  formal_fallacies: "Output 'invalid' or 'valid'.",
  geometric_shapes: `Output ${OUTPUT_LETTERS(11)}.`,
  hyperbaton: "Output '(A)' or'(B)'.",
  logical_deduction_five_objects: `Output ${OUTPUT_LETTERS(5)}.`,
  logical_deduction_seven_objects: `Output ${OUTPUT_LETTERS(7)}.`,
  logical_deduction_three_objects: `Output ${OUTPUT_LETTERS(3)}.`,
  movie_recommendation: `Output ${OUTPUT_LETTERS(5)}.`,
  multistep_arithmetic_two: "Output the numerical answer.",
  navigate: "Output 'Yes' or 'No'.",
  object_counting: "Output the numerical answer.",
  penguins_in_a_table: `Output ${OUTPUT_LETTERS(5)}.`,
  reasoning_about_colored_objects: `Output ${OUTPUT_LETTERS(18)}.`,
  ruin_names: `Output ${OUTPUT_LETTERS(4)}.`,
  salient_translation_error_detection: `Output ${OUTPUT_LETTERS(6)}.`,
  snarks: "Output '(A)' or'(B)'.",
  sports_understanding: "Output 'yes' or 'no'.",
  temporal_sequences: `Output ${OUTPUT_LETTERS(4)}.`,
  tracking_shuffled_objects_five_objects: `Output ${OUTPUT_LETTERS(5)}.`,
  tracking_shuffled_objects_seven_objects: `Output ${OUTPUT_LETTERS(7)}.`,
  tracking_shuffled_objects_three_objects: `Output ${OUTPUT_LETTERS(3)}.`,
  web_of_lies: "Output 'Yes' or 'No'.",
  word_sorting: "Output only the sequence of words separated by white space.",
};

/** DeepEval's copy of snarks.txt fixes one typo of the BIG-Bench-Hard file (deepeval commit e26b5e17). */
const DEEPEVAL_TYPO_FIXES: Partial<Record<BbhTask, readonly [string, string]>> = {
  snarks: ["are adressed at", "are addressed at"],
};

/**
 * The text of DeepEval's bundled file: `cot_prompts/<task>.txt` (the BIG-Bench-Hard file without its canary, with
 * DeepEval's typo fix) or `shot_prompts/<task>.txt` (each exemplar reduced to "Q: …\nA: X").
 */
export function deepevalBbhFileText(task: BbhTask, file: BbhPromptFile, isCot: boolean): string {
  const exemplars = file.exemplars.map((exemplar) => (isCot ? exemplar.text : directExemplarText(exemplar)));
  const text = [file.description, ...exemplars].join("\n\n");
  const fix = isCot ? DEEPEVAL_TYPO_FIXES[task] : undefined;
  return fix === undefined ? text : text.replace(fix[0], fix[1]);
}

/** What every `deepeval` prompt ends with: the question, "A: ", a blank line and the confinement line. */
export function deepevalBbhSuffix(task: BbhTask, input: string): string {
  return `Q: ${input}\nA: \n\n${DEEPEVAL_BBH_CONFINEMENT[task]} Full answer not needed.`;
}

/**
 * `"Task description: " + "\n\n".join(sections[: n_shots + 1]) + "\n\nQ: " + input + "\nA: "` over the file split
 * naively on blank lines (so snarks, whose description has two paragraphs, gets one exemplar fewer), then
 * aiperf's `"\n\n" + confinement`.
 */
export function deepevalBbhPromptText(
  task: BbhTask,
  file: BbhPromptFile,
  input: string,
  nShots: number,
  isCot: boolean,
): string {
  const sections = deepevalBbhFileText(task, file, isCot).split("\n\n");
  return `Task description: ${sections.slice(0, nShots + 1).join("\n\n")}\n\n${deepevalBbhSuffix(task, input)}`;
}
