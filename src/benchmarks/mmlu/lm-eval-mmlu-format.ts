// lm-evaluation-harness's MMLU prompts (`mmlu_{subject}`): the description, `first_n` dev shots, " " and "\n\n" joins.
// Matched: EleutherAI/lm-evaluation-harness lm_eval/tasks/mmlu/default/_default_template_yaml, the subject yamls,
// lm_eval/api/task.py (`fewshot_context`, `build_qa_turn`) and lm_eval/api/utils.py (`maybe_delimit`, `Message`)
// @4e7e0d47f33bc71070c1d38394bafbb52b117163.
import type { ChatMessage, Prompt } from "../../core/prompt.js";
import { letterOf } from "../../graders/multiple-choice.js";
import { PYTHON_WHITESPACE_CLASS, pythonStrip } from "../../graders/python-whitespace.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import type { LetterPhrasing } from "../letter-oracle.js";
import type { PromptOptions } from "../types.js";
import type { MmluFormat } from "./mmlu-format.js";
import type { MmluSample } from "./mmlu-sample.js";
import type { MmluRow } from "./read-mmlu-rows.js";

const PYTHON_SPACE = new RegExp(`^${PYTHON_WHITESPACE_CLASS}$`);

/** The subject yaml's `description`: `The following are multiple choice questions (with answers) about {subject}.\n\n`. */
export function lmEvalDescription(subject: string): string {
  return `The following are multiple choice questions (with answers) about ${subject.replaceAll("_", " ")}.\n\n`;
}

/** `doc_to_text`: `{{question.strip()}}\nA. {{choices[0]}}\n…\nD. {{choices[3]}}\nAnswer:`. */
export function lmEvalQuestion(row: Pick<MmluRow, "question" | "choices">): string {
  const options = row.choices.map((choice, index) => `${letterOf(index)}. ${choice}\n`).join("");
  return `${pythonStrip(row.question)}\n${options}Answer:`;
}

/** `maybe_delimit(system_instruction, description, "\n\n")`: the delimiter only when neither side has a space there. */
function systemAndDescription(systemPrompt: string, description: string): string {
  const isSpaced = PYTHON_SPACE.test(systemPrompt.at(-1) ?? "") || PYTHON_SPACE.test(description.at(0) ?? "");
  return isSpaced ? systemPrompt + description : `${systemPrompt}\n\n${description}`;
}

/**
 * Chat (`--apply_chat_template`, few-shot as multi-turn, its default): one system message (the user's system prompt
 * and the description), then a user turn per shot (no target delimiter) and an assistant turn `B`. When the user
 * asks for no system message at all (`--system-prompt ""`), the description opens the first user turn instead.
 * Flat: the system message's text, then `question + " " + letter + "\n\n"` per shot, then the question.
 */
function buildPrompt(sample: MmluSample, shots: readonly MmluRow[], options: PromptOptions): Prompt {
  const description = lmEvalDescription(sample.subject);
  const systemPrompt = resolveSystemPrompt(options.systemPrompt);
  const header = systemPrompt === undefined ? description : systemAndDescription(systemPrompt, description);
  if (options.endpointType === "chat") {
    const isHeaderInUserTurn = options.systemPrompt === "";
    const messages: ChatMessage[] = isHeaderInUserTurn ? [] : [{ role: "system", content: header }];
    const turns = [
      ...shots.map((row) => ({ row, target: letterOf(row.answerIndex) })),
      { row: sample, target: "" },
    ];
    turns.forEach(({ row, target }, index) => {
      const prefix = isHeaderInUserTurn && index === 0 ? header : "";
      messages.push({ role: "user", content: prefix + lmEvalQuestion(row) });
      if (target !== "") messages.push({ role: "assistant", content: target });
    });
    return { type: "chat", messages };
  }
  const examples = shots.map((row) => `${lmEvalQuestion(row)} ${letterOf(row.answerIndex)}\n\n`).join("");
  return { type: "completion", text: header + examples + lmEvalQuestion(sample) };
}

/**
 * Answers both `multiple_choice` (this recipe's grader) and `first_letter` read as the letter: SGLang's prompt ends
 * with the same text whenever the question has no surrounding spaces, and the oracle then answers in this form.
 */
export const LETTER_FIRST_PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => letter,
  (letter, text) => `${letter}. ${text}`,
  (letter) => ` ${letter}`,
  (letter, text) => `${letter}) ${text}`,
];

/**
 * Answers `mmlu_generative`'s filters read as the letter (its first line, case and punctuation ignored) and so does
 * SGLang's first-letter rule, which sees the same question text.
 */
const LM_EVAL_PHRASINGS: readonly [LetterPhrasing, ...LetterPhrasing[]] = [
  (letter) => letter,
  (letter) => ` ${letter}`,
  (letter) => `${letter}.`,
  (letter, text) => `${letter}\n${text}`,
];

export const lmEvalMmluFormat: MmluFormat = {
  orderShots: (dev) => [...dev],
  buildPrompt: ({ sample, orderedDev, options }) =>
    buildPrompt(sample, orderedDev.slice(0, options.nShots), options),
  promptSuffix: (sample) => lmEvalQuestion(sample),
  phrasings: LM_EVAL_PHRASINGS,
};
