// lighteval's MMLU prompts (its `mmlu:{subject}` task, `helm|mmlu:{subject}` in 0.10): ≥ 0.11 and 0.10 layouts.
// Matched: huggingface/lighteval src/lighteval/tasks/tasks/mmlu.py and src/lighteval/tasks/prompt_manager.py
// @3fd15266bc8448b797e61462d293aa3fd40b3580 (≥ 0.11: `mmlu_prompt`, `PromptManager`, `FewShotSampler`), and
// src/lighteval/tasks/default_prompts.py and prompt_manager.py @c4826ea9380f01fd7d6cfe291cee26a238dad774 (v0.10.0:
// `mmlu_helm`, `PromptManager.get_examples`).
import type { ChatMessage, Prompt } from "../../core/prompt.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { lightevalBalancedOrder } from "../../prompts/lighteval-balanced-order.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import type { LetterPhrasing } from "../letter-oracle.js";
import type { MmluFormat, MmluPromptInput } from "./mmlu-format.js";
import type { MmluRow } from "./read-mmlu-rows.js";

export type LightevalVersion = "0.11" | "0.10";

/** `The following are multiple choice questions (with answers) about {subject, "_" → " "}.\n\n` (the Doc's instruction). */
export function lightevalInstruction(subject: string): string {
  return `The following are multiple choice questions (with answers) about ${subject.replaceAll("_", " ")}.\n\n`;
}

/** The query without its instruction: `Question: {question}\nA. …\nD. …\nAnswer:`, the question as it is. */
export function lightevalQuery(row: Pick<MmluRow, "question" | "choices">): string {
  const options = row.choices.map((choice, index) => `\n${letterOf(index)}. ${choice}`).join("");
  return `Question: ${row.question}${options}\nAnswer:`;
}

/** The gold choice as lighteval's few-shot turns show it: `" B"`. */
function goldChoice(row: MmluRow): string {
  return ` ${letterOf(row.answerIndex)}`;
}

/** The balanced sampler's class: the gold option's text, or (when that is empty, so falsy) the gold `" B"`. */
function sortingClass(row: MmluRow): string {
  return row.choices[row.answerIndex] || goldChoice(row);
}

function isSameRow(left: MmluRow, right: MmluRow): boolean {
  return (
    left.question === right.question &&
    left.answerIndex === right.answerIndex &&
    left.choices.length === right.choices.length &&
    left.choices.every((choice, index) => choice === right.choices[index])
  );
}

/**
 * The shots lighteval shows: the first `min(pool, n + 1)` drawn, then `[x for x in samples if x != doc][:n]`. Only
 * in 0.10 can a dev doc equal the test doc (same question, options and answer); from 0.11 the test doc's
 * `task_name` carries the shot count (`mmlu:x|5`), so none does.
 */
function selectShots(input: MmluPromptInput, version: LightevalVersion): MmluRow[] {
  const { nShots } = input.options;
  const drawn = input.orderedDev.slice(0, nShots + 1);
  const kept = version === "0.10" ? drawn.filter((row) => !isSameRow(row, input.sample)) : drawn;
  return kept.slice(0, nShots);
}

/** ≥ 0.11 `PromptManager`: system message apart; flat text is `"\n\n".join([system, instruction, shots…, query])`. */
function buildCurrent(instruction: string, shots: MmluRow[], query: string, input: MmluPromptInput): Prompt {
  const systemPrompt = resolveSystemPrompt(input.options.systemPrompt);
  if (input.options.endpointType === "chat") {
    const messages: ChatMessage[] =
      systemPrompt === undefined ? [] : [{ role: "system", content: systemPrompt }];
    shots.forEach((row, index) => {
      messages.push({ role: "user", content: (index === 0 ? instruction : "") + lightevalQuery(row) });
      messages.push({ role: "assistant", content: goldChoice(row) });
    });
    messages.push({ role: "user", content: (shots.length === 0 ? instruction : "") + query });
    return { type: "chat", messages };
  }
  const parts = systemPrompt === undefined ? [] : [systemPrompt];
  parts.push(instruction, ...shots.map((row) => `${lightevalQuery(row)} ${goldChoice(row).trim()}`), query);
  return { type: "completion", text: parts.join("\n\n") };
}

/**
 * 0.10 `get_examples`: with a system prompt, chat opens with one system message `system + instruction` and no user
 * turn has the instruction; flat text is `system + instruction + "\n\n".join([shot + " B"…, query])`.
 */
function buildVersion010(
  instruction: string,
  shots: MmluRow[],
  query: string,
  input: MmluPromptInput,
): Prompt {
  const systemPrompt = resolveSystemPrompt(input.options.systemPrompt);
  if (input.options.endpointType === "chat") {
    const messages: ChatMessage[] = [];
    for (const row of shots) {
      messages.push({ role: "user", content: lightevalQuery(row) });
      messages.push({ role: "assistant", content: goldChoice(row) });
    }
    messages.push({ role: "user", content: query });
    const first = messages[0];
    if (systemPrompt !== undefined) messages.unshift({ role: "system", content: systemPrompt + instruction });
    else if (first !== undefined) first.content = instruction + first.content;
    return { type: "chat", messages };
  }
  const examples = [...shots.map((row) => lightevalQuery(row) + goldChoice(row)), query];
  return { type: "completion", text: (systemPrompt ?? "") + instruction + examples.join("\n\n") };
}

/** The letter alone, with or without lighteval's leading space: what `exact_match` (stripped equality) accepts. */
const PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => letter,
  (letter) => ` ${letter}`,
];

/** lighteval's MMLU recipe for `version` (0.11 and later, or 0.10). */
export function lightevalMmluFormat(version: LightevalVersion): MmluFormat {
  return {
    orderShots(dev) {
      return lightevalBalancedOrder(dev.map(sortingClass), 0).flatMap((index) => dev[index] ?? []);
    },
    buildPrompt(input) {
      const instruction = lightevalInstruction(input.sample.subject);
      const shots = selectShots(input, version);
      const query = lightevalQuery(input.sample);
      return version === "0.10"
        ? buildVersion010(instruction, shots, query, input)
        : buildCurrent(instruction, shots, query, input);
    },
    promptSuffix: (sample) => lightevalQuery(sample),
    phrasings: PHRASINGS,
  };
}
