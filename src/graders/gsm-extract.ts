// The `gsm_extract` grader: openai/grade-school-math's `extract_answer` (`#### N`, commas removed) and `is_correct`.
// Reference: openai/grade-school-math grade_school_math/dataset.py@3101c7d5072418e28b9008a6636bde82a006892c
// (`ANS_RE`, `INVALID_ANS`, `extract_answer`, `is_correct`: string equality of the two extractions).
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

const ANSWER_PATTERN = /#### (-?[0-9.,]+)/;

/** `extract_answer`: the first `#### N` (its `.strip()` has nothing to strip), commas removed; null for INVALID_ANS. */
export function extractAnswer(completion: string): string | null {
  const group = ANSWER_PATTERN.exec(completion)?.[1];
  return group === undefined ? null : group.replaceAll(",", "");
}

/**
 * `is_correct`: the completion's extraction equals the gold's, as strings (`18.0` ≠ `18`). The reference extracts
 * the gold from the full solution; a gold without `####` is taken as that extraction already (the gsm8k benchmark
 * gives the number after `####`, commas removed).
 */
export function gsmExtract(input: GraderInput): Grade {
  const gold = input.gold.includes("####") ? extractAnswer(input.gold) : input.gold;
  const extracted = extractAnswer(input.response);
  if (extracted === null) {
    return noAnswerGrade("[invalid]: no '#### N'");
  }
  const isCorrect = gold !== null && extracted === gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted,
    isUnparsed: false,
    reason:
      gold === null
        ? "gold has no '#### N' (the reference asserts it has)"
        : `#### ${extracted} ${isCorrect ? "=" : "≠"} gold ${gold}`,
  };
}
