// The `simple_evals_gpqa` grader: simple-evals' strict `Answer: X` letter (A–D), the first match, case kept.
// Reference: openai/simple-evals common.py@ee3b0318d8d1d9d72755a4120879be65f7c07e9e (`ANSWER_PATTERN_MULTICHOICE`
// = `(?i)Answer[ \t]*:[ \t]*\$?([A-D])\$?`), used by gpqa_eval.py@ee3b0318d8d1d9d72755a4120879be65f7c07e9e
// (`re.search` on the raw response; `match.group(1)` compared with the gold letter).
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/** `(?i)` as Python applies it to these letters (`iu` folds the same way; no i/I in the pattern). */
const ANSWER_PATTERN = /Answer[ \t]*:[ \t]*\$?([A-D])\$?/iu;

/** The letter after the first `Answer:` as the reference keeps it (`b` stays `b`), or null. */
export function extractSimpleEvalsGpqaAnswer(response: string): string | null {
  return ANSWER_PATTERN.exec(response)?.[1] ?? null;
}

/** Correct when the extracted letter equals the gold letter exactly (a lowercase `b` is not `B`). */
export function simpleEvalsGpqa(input: GraderInput): Grade {
  const extracted = extractSimpleEvalsGpqaAnswer(input.response);
  if (extracted === null) {
    return noAnswerGrade("no 'Answer: [A-D]' found");
  }
  const isCorrect = extracted === input.gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted,
    isUnparsed: false,
    reason: `Answer: ${extracted} ${isCorrect ? "=" : "≠"} gold ${input.gold}`,
  };
}
