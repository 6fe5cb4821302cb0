// The `number` grader (GSM8K): reads the final number of a response and compares it numerically with the gold.
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/** A number as models write it: sign and `$`, thousands commas, decimals ("-$1,234.50", ".5"); not "3-4"'s "-4". */
const NUMBER_SOURCE = String.raw`(?<![\w.,$])[-−]?\$?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)`;
const HASH_ANSWER = new RegExp(String.raw`####\s*(${NUMBER_SOURCE})`);
const ANSWER_PHRASE = new RegExp(String.raw`answer\s*(?:is\s*:?|:)[\s*_]*(${NUMBER_SOURCE})`, "gi");
const BOXED = new RegExp(String.raw`\\boxed\{\s*(${NUMBER_SOURCE})\s*\}`, "g");
const ANY_NUMBER = new RegExp(NUMBER_SOURCE, "g");

interface Extraction {
  text: string;
  isUnparsed: boolean;
  rule: string;
}

/** "$1,000." → "1000"; "−5" → "-5"; undefined when what is left is not a number. */
export function normalizeNumber(text: string): string | undefined {
  const cleaned = text
    .trim()
    .replace(/[$,\s]/g, "")
    .replace(/−/g, "-")
    .replace(/\.$/, "");
  if (!/^-?(?:\d+(?:\.\d+)?|\.\d+)$/.test(cleaned)) return undefined;
  return cleaned;
}

function lastMatch(text: string, pattern: RegExp): RegExpExecArray | undefined {
  let last: RegExpExecArray | undefined;
  for (const match of text.matchAll(pattern)) last = match as RegExpExecArray;
  return last;
}

/**
 * The answer number of `response`. `isUnparsed` is false when it came from `#### N` (the first one, as
 * lm-evaluation-harness's strict match), from the last "answer is N" / "Answer: N", or from the last
 * `\boxed{N}`; true when it fell back to the last number in the text.
 */
export function extractAnswerNumber(response: string): Extraction | undefined {
  const hash = HASH_ANSWER.exec(response);
  if (hash?.[1] !== undefined) return { text: hash[1], isUnparsed: false, rule: `"#### N"` };
  const phrase = lastMatch(response, ANSWER_PHRASE);
  if (phrase?.[1] !== undefined) return { text: phrase[1], isUnparsed: false, rule: `answer phrase` };
  const boxed = lastMatch(response, BOXED);
  if (boxed?.[1] !== undefined) return { text: boxed[1], isUnparsed: false, rule: `\\boxed{N}` };
  const last = lastMatch(response, ANY_NUMBER);
  if (last !== undefined) return { text: last[0], isUnparsed: true, rule: "fallback: last number" };
  return undefined;
}

/** Equal as numbers: "18" = "18.0" = "18.00"; "1000" = "1,000" once normalized. */
function isSameNumber(left: string, right: string): boolean {
  const leftValue = Number(left);
  const rightValue = Number(right);
  if (!Number.isFinite(leftValue) || !Number.isFinite(rightValue)) return left === right;
  return Math.abs(leftValue - rightValue) <= 1e-9 * Math.max(1, Math.abs(rightValue));
}

/** Grades a numeric answer: see `extractAnswerNumber` for the rules; commas, `$` and a trailing `.` are ignored. */
export function numberMatch(input: GraderInput): Grade {
  const gold = normalizeNumber(input.gold);
  const extraction = extractAnswerNumber(input.response);
  const extracted = extraction === undefined ? undefined : normalizeNumber(extraction.text);
  if (extraction === undefined || extracted === undefined) {
    return noAnswerGrade("no number found");
  }
  if (gold === undefined) {
    return {
      isCorrect: false,
      score: 0,
      extracted,
      isUnparsed: extraction.isUnparsed,
      reason: `${extraction.rule}: ${extracted}, but the gold "${input.gold}" is not a number`,
    };
  }
  const isCorrect = isSameNumber(extracted, gold);
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted,
    isUnparsed: extraction.isUnparsed,
    reason: `${extraction.rule}: ${extracted} ${isCorrect ? "=" : "≠"} gold ${gold}`,
  };
}
