// The `mmlu_pro_extract` graders: MMLU-Pro's official answer extraction (`extract_answer` and its two fallbacks).
// Reference: TIGER-AI-Lab/MMLU-Pro@f418b116db00b065c2aea046518d8fcf74d39872 — evaluate_from_local.py and
// evaluate_from_api.py (`extract_answer` → `extract_again` → `extract_final`; the API script first removes "**").
import { PYTHON_WHITESPACE_CLASS } from "./python-whitespace.js";
import { type Grade, type Grader, type GraderInput, noAnswerGrade } from "./types.js";

/** `answer is \(?([A-J])\)?`, the first match (case kept: "Answer is" does not match). */
const ANSWER_IS = /answer is \(?([A-J])\)?/;
/**
 * `.*[aA]nswer:\s*([A-J])`, the first match: on the first line that has one, its last "answer:" (Python's `.` is
 * any character but `\n`; its `\s` is `str.isspace`, so the letter may sit on a later line).
 */
const ANSWER_COLON = new RegExp(`[^\\n]*[aA]nswer:${PYTHON_WHITESPACE_CLASS}*([A-J])`);
/**
 * `\b[A-J]\b(?!.*\b[A-J]\b)` with DOTALL: the last letter A–J standing alone. Python's `\b` is Unicode-aware (a word
 * character is a letter, a number or `_`), JavaScript's is ASCII-only, hence the explicit classes.
 */
const LONE_LETTER = /(?<![\p{L}\p{N}_])[A-J](?![\p{L}\p{N}_])/gu;

export interface MmluProExtraction {
  letter: string;
  rule: "answer is" | "answer:" | "last lone letter";
}

/** The official chain: "answer is (X)", else "[aA]nswer: X", else the last lone letter; null when none. */
export function extractMmluProAnswer(response: string): MmluProExtraction | null {
  const phrase = ANSWER_IS.exec(response)?.[1];
  if (phrase !== undefined) return { letter: phrase, rule: "answer is" };
  const colon = ANSWER_COLON.exec(response)?.[1];
  if (colon !== undefined) return { letter: colon, rule: "answer:" };
  const last = [...response.matchAll(LONE_LETTER)].at(-1)?.[0];
  return last === undefined ? null : { letter: last, rule: "last lone letter" };
}

function grade(response: string, gold: string): Grade {
  const extraction = extractMmluProAnswer(response);
  if (extraction === null) {
    // The official scorer replaces a missing answer with a seeded random guess; here it is wrong.
    return noAnswerGrade("no answer letter found");
  }
  const isCorrect = extraction.letter === gold.trim();
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: extraction.letter,
    isUnparsed: extraction.rule === "last lone letter",
    reason: `${extraction.rule}: ${extraction.letter} ${isCorrect ? "=" : "≠"} gold ${gold.trim()}`,
  };
}

/** `evaluate_from_local.py`: the chain on the raw response. */
export const mmluProExtract: Grader = (input: GraderInput): Grade => grade(input.response, input.gold);

/** `evaluate_from_api.py`: every "**" removed from the response first, then the chain. */
export const mmluProApiExtract: Grader = (input: GraderInput): Grade =>
  grade(input.response.replaceAll("**", ""), input.gold);
