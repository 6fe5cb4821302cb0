// The `lighteval_gsm8k` grader: lighteval's quasi_exact_match_gsm8k (the number after "#### "), aiperf's last-number fallback.

const ANSWER = /#### (-?[0-9.,]+)/;
/** aiperf's fallback number, also reading a sign before a dollar: "-$5". */
const NUMBER = /-?\$?[0-9][0-9,]*(?:\.[0-9]+)?/g;
const ABSOLUTE_TOLERANCE = 1e-6;

import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/** lighteval's gsm8k_normalizer: the first "#### N", commas removed; undefined when absent. */
export function gsm8kNormalizer(text: string): string | undefined {
  const match = ANSWER.exec(text);
  return match?.[1] === undefined ? undefined : match[1].trim().replace(/,/g, "");
}

function numbersMatch(gold: string, pred: string): boolean {
  const left = Number(gold);
  const right = Number(pred);
  if (gold.trim() === "" || pred.trim() === "" || Number.isNaN(left) || Number.isNaN(right))
    return gold === pred;
  return Math.abs(left - right) <= ABSOLUTE_TOLERANCE;
}

/**
 * Gold: `gsm8kNormalizer(gold)`, or the gold itself when it is already the bare number. Prediction: the
 * first "#### N" (exact lighteval parity), else the last number (unparsed, as aiperf's LightevalGSM8KGrader).
 */
export function lightevalGsm8k(input: GraderInput): Grade {
  const gold = gsm8kNormalizer(input.gold) ?? input.gold.trim().replace(/,/g, "");
  const marked = gsm8kNormalizer(input.response);
  const pred = marked ?? input.response.match(NUMBER)?.at(-1)?.replace(/[,$]/g, "");
  if (pred === undefined) {
    return noAnswerGrade("no number in response");
  }
  const isCorrect = numbersMatch(gold, pred);
  const rule = marked === undefined ? "fallback: last number" : "####";
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: pred,
    isUnparsed: marked === undefined,
    reason: `${rule}: ${pred} ${isCorrect ? "=" : "≠"} gold ${gold}`,
  };
}
