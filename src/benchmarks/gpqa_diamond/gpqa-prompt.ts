// GPQA-Diamond query text: simple-evals' multiple-choice template, and what lighteval's gpqa:diamond sends.

import { pythonStrip } from "../../graders/python-whitespace.js";
import type { GpqaSample } from "./gpqa-sample.js";

/** `QUERY_TEMPLATE_MULTICHOICE` of openai/simple-evals `common.py` (after its `.strip()`), byte for byte. */
export const GPQA_QUERY_TEMPLATE =
  "Answer the following multiple choice question. The last line of your response should be of the following " +
  "format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step before answering." +
  "\n\n{Question}\n\nA) {A}\nB) {B}\nC) {C}\nD) {D}";

/** The template filled with the sample's question and its options in prompt order (Python `str.format`). */
export function gpqaQuery(sample: Pick<GpqaSample, "question" | "choices">): string {
  const fields: Record<string, string> = {
    Question: sample.question,
    A: sample.choices[0] ?? "",
    B: sample.choices[1] ?? "",
    C: sample.choices[2] ?? "",
    D: sample.choices[3] ?? "",
  };
  // One pass, so braces inside a question or an option are never read as placeholders.
  return GPQA_QUERY_TEMPLATE.replace(/\{(Question|A|B|C|D)\}/g, (_, name: string) => fields[name] ?? "");
}

/** lighteval's `gpqa_instruct_prompt` instruction (its Doc's `instruction`), the same sentence as simple-evals'. */
export const GPQA_LIGHTEVAL_INSTRUCTION =
  "Answer the following multiple choice question. The last line of your response should be of the following " +
  "format: 'Answer: $LETTER' (without quotes) where LETTER is one of ABCD. Think step by step before answering.";

/**
 * What lighteval's PromptManager keeps of the query after the instruction: `query[len(instruction):].strip()`, the
 * query being `{instruction}\n\n{question}\n\nA) {A}\n…D) {D}` with the question and every option stripped.
 */
export function gpqaLightevalQueryTail(sample: Pick<GpqaSample, "question" | "choices">): string {
  const options = ["A", "B", "C", "D"].map(
    (letter, index) => `${letter}) ${pythonStrip(sample.choices[index] ?? "")}`,
  );
  return pythonStrip(`\n\n${pythonStrip(sample.question)}\n\n${options.join("\n")}`);
}
