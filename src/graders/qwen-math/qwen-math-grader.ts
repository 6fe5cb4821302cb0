// The `qwen_math` grader: Qwen2.5-Math's evaluation (QwenLM/Qwen2.5-Math evaluation/@a45202bd16f1ec06f433442dc1152d0074773465), answer and verdict.
import type { Grade, GraderInput } from "../types.js";
import { choiceAnswerClean, extractAnswer } from "./extract-answer.js";
import { qwenMathEqual } from "./math-equal.js";
import { pythonStrip } from "./python-text.js";
import { stripString } from "./strip-string.js";

const CHOICES = ["A", "B", "C", "D", "E"];

function isMultiChoice(answer: string): boolean {
  return [...answer].every((character) => CHOICES.includes(character));
}

/**
 * `parse_ground_truth` for the gold forms our benchmarks carry: a full solution with "boxed" (MATH:
 * `extract_answer`, then `strip_string` again), a GSM8K answer with one "####" (the part after it), else the
 * answer itself (aime24, amc23, …); each through `strip_string`.
 */
export function qwenGold(gold: string): string {
  if (gold.includes("boxed")) return stripString(extractAnswer(gold).answer, { flavor: "qwen" });
  const gsm8k = gold.split("####");
  const answer = gsm8k.length === 2 ? (gsm8k[1] ?? "") : gold;
  return stripString(answer, { flavor: "qwen" });
}

/**
 * Grades as Qwen2.5-Math's math_eval.py + evaluate.py do for a non-choice data set: the output stripped,
 * `extract_answer` (which ends in `strip_string`), `strip_string` once more (`run_execute`), the letter
 * fallbacks math_eval.py applies when the gold is a choice, then `math_equal(prediction, gold)`.
 * `isUnparsed` is true when the answer did not come from a `\boxed{}` (or Minerva's "final answer is $X$").
 */
export function qwenMathGrader(input: GraderInput): Grade {
  const output = pythonStrip(input.response);
  const extraction = extractAnswer(output);
  let prediction = stripString(extraction.answer, { flavor: "qwen" });
  const gold = qwenGold(input.gold);
  let rule = extraction.rule;
  if (CHOICES.includes(gold) && !CHOICES.includes(prediction)) {
    prediction = choiceAnswerClean(output);
    rule = "choice_answer_clean";
  } else if (isMultiChoice(gold) && !isMultiChoice(prediction)) {
    prediction = [...prediction].filter((character) => CHOICES.includes(character)).join("");
    rule = `${rule}, letters only`;
  }
  const isCorrect = qwenMathEqual(prediction, gold);
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: prediction,
    isUnparsed: rule !== "boxed" && rule !== "minerva",
    reason: `${rule}: ${JSON.stringify(prediction)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(gold)} (math_equal)`,
  };
}
