// LongBench v2's prompt templates (THUDM/LongBench `prompts/*.txt` @2e00731f8d0bff23dc4325161044d0ed8af94c1e) and
// how `pred.py` fills them: each placeholder replaced everywhere, in a fixed order, by the row's field stripped.
import { pythonStrip } from "../../graders/python-whitespace.js";

/** The template files the recipes send, byte for byte (no trailing newline in any of them). */
export const LONGBENCH_V2_TEMPLATES = {
  "0shot":
    "Please read the following text and answer the question below.\n\n<text>\n$DOC$\n</text>\n\n" +
    "What is the correct answer to this question: $Q$\nChoices:\n(A) $C_A$\n(B) $C_B$\n(C) $C_C$\n(D) $C_D$\n\n" +
    'Format your response as follows: "The correct answer is (insert answer here)".',
  "0shot_cot":
    "Please read the following text and answer the questions below.\n\n<text>\n$DOC$\n</text>\n\n" +
    "What is the correct answer to this question: $Q$\nChoices:\n(A) $C_A$\n(B) $C_B$\n(C) $C_C$\n(D) $C_D$\n\n" +
    "Let\u2019s think step by step:",
  "0shot_cot_ans":
    "Please read the following text and answer the questions below.\n\nThe text is too long and omitted here.\n\n" +
    "What is the correct answer to this question: $Q$\nChoices:\n(A) $C_A$\n(B) $C_B$\n(C) $C_C$\n(D) $C_D$\n\n" +
    "Let\u2019s think step by step: $COT$\n\n" +
    'Based on the above, what is the single, most likely answer choice? Format your response as follows: "The correct answer is (insert answer here)".',
  "0shot_no_context":
    "What is the correct answer to this question: $Q$\nChoices:\n(A) $C_A$\n(B) $C_B$\n(C) $C_C$\n(D) $C_D$\n\n" +
    'What is the single, most likely answer choice? Format your response as follows: "The correct answer is (insert answer here)".',
} as const;

export type LongbenchV2Template = keyof typeof LONGBENCH_V2_TEMPLATES;

/** The row fields a template reads. */
export interface LongbenchV2PromptFields {
  readonly context: string;
  readonly question: string;
  readonly choice_A: string;
  readonly choice_B: string;
  readonly choice_C: string;
  readonly choice_D: string;
}

/** Where every template's question part starts: the part after the context, which middle truncation keeps. */
const QUESTION_START = "What is the correct answer to this question: ";

/**
 * `pred.py`: `template.replace('$DOC$', context.strip()).replace('$Q$', question.strip())` and so on for
 * `$C_A$`..`$C_D$`, then (the answer pass) `.replace('$COT$', cot)` — each a replace-all over the whole text so far,
 * in that order, so a placeholder inside an earlier field's text is replaced too, as in Python. The `$COT$` value is
 * taken as given (`pred.py` strips the first response before it passes it).
 */
export function fillLongbenchV2Template(
  template: string,
  fields: LongbenchV2PromptFields,
  cot?: string,
): string {
  const steps: [string, string][] = [
    ["$DOC$", pythonStrip(fields.context)],
    ["$Q$", pythonStrip(fields.question)],
    ["$C_A$", pythonStrip(fields.choice_A)],
    ["$C_B$", pythonStrip(fields.choice_B)],
    ["$C_C$", pythonStrip(fields.choice_C)],
    ["$C_D$", pythonStrip(fields.choice_D)],
  ];
  if (cot !== undefined) steps.push(["$COT$", cot]);
  // split/join, not String.replaceAll: a replacement string would read `$&`, `$'` … in the field's text.
  return steps.reduce((text, [placeholder, value]) => text.split(placeholder).join(value), template);
}

/**
 * The end of `template` filled for a row: from its question to the last byte. Every prompt of the template for the
 * row ends with it, cut in the middle or not (the cut keeps the last half of the tokens, far longer than this).
 */
export function longbenchV2PromptEnding(
  template: string,
  fields: Omit<LongbenchV2PromptFields, "context">,
  cot?: string,
): string {
  const start = template.indexOf(QUESTION_START);
  return fillLongbenchV2Template(template.slice(Math.max(0, start)), { ...fields, context: "" }, cot);
}
