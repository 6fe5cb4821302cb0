// The `math` grader: aiperf's MathGrader (ai-dynamo/aiperf src/aiperf/accuracy/graders/math.py@361e15387a7882c0079bbb0b8ec86c7eb55842f8).
import { findLastBoxed } from "./math/find-last-boxed.js";
import { aiperfExtractAnswer } from "./qwen-math/aiperf-extract-answer.js";
import { aiperfMathEqual } from "./qwen-math/aiperf-math-equal.js";
import { stripString } from "./qwen-math/strip-string.js";
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

const MATRIX_ENVIRONMENT = /\\(begin|end)\{(?:[bBvV]?matrix|smallmatrix)\}/g;

/** The gold answer: the last \boxed{} of a full solution (MATH), else the gold text itself. */
export function mathGold(gold: string): string {
  return findLastBoxed(gold)?.content ?? gold;
}

/** aiperf's `strip_string`, then every matrix environment written as pmatrix (ours: "matrices of any environment"). */
function normalize(answer: string): string {
  return stripString(answer, { flavor: "aiperf" }).replace(MATRIX_ENVIRONMENT, "\\$1{pmatrix}");
}

/**
 * Grades as aiperf's MathGrader: the last `\boxed{}` (else a GSM8K `#### X`, an answer phrase, the last number,
 * the response), aiperf's `strip_string` on both sides, then its `_math_equal` with the equivalences its
 * documentation lists (README). A gold holding a full `\boxed{}` solution is reduced to its last boxed answer.
 * `isUnparsed` is true whenever the answer was not boxed; a correct unparsed answer still counts.
 */
export function mathGrader(input: GraderInput): Grade {
  if (input.response.trim() === "") {
    return noAnswerGrade("empty response");
  }
  const extraction = aiperfExtractAnswer(input.response);
  const prediction = normalize(extraction.answer);
  const gold = normalize(mathGold(input.gold));
  const isCorrect = aiperfMathEqual(prediction, gold);
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: extraction.answer,
    isUnparsed: extraction.isUnparsed,
    reason: `${extraction.rule}: ${JSON.stringify(prediction)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(gold)} (math_equal)`,
  };
}
