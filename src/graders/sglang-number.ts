// The `sglang_number` grader: SGLang's GSM8K `get_answer_value` — commas removed, the last run of digits as an int.
// Reference: sgl-project/sglang benchmark/gsm8k/bench_sglang.py@b2d7f2bbdc1eaf4a994a5e8a60e1e07bd20b2e1e
// (`get_answer_value`, `INVALID = -9999999`; labels come from the same function over the full solution; a prediction
// is correct when the two ints are equal).
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/** Python's `\d` on `str` is any Unicode decimal digit (Nd), not only 0–9. */
const DIGIT_RUNS = /\p{Nd}+/gu;
const ASCII_DIGITS = /^[0-9]+$/;
const ALL_ZEROS = /^0+$/;
/** CPython ≥ 3.11 refuses longer int literals (`sys.get_int_max_str_digits()`): a SyntaxError in literal_eval. */
const MAX_INT_DIGITS = 4300;

export type SglangAnswerValue = { value: string } | { invalid: string };

/**
 * `ast.literal_eval` of one digit run, or why it raises SyntaxError (the reference's INVALID): a non-ASCII digit
 * ("invalid character"), a leading zero ("leading zeros in decimal integer literals are not permitted"; `00` is 0),
 * or more than 4,300 digits. The value is the int's decimal text.
 */
function literalEvalDigits(digits: string): SglangAnswerValue {
  if (!ASCII_DIGITS.test(digits)) return { invalid: `non-ASCII digit in ${JSON.stringify(digits)}` };
  if (ALL_ZEROS.test(digits)) return { value: "0" };
  if (digits.startsWith("0")) return { invalid: `leading zero in ${JSON.stringify(digits)}` };
  if (digits.length > MAX_INT_DIGITS) return { invalid: `${digits.length} digits (over ${MAX_INT_DIGITS})` };
  return { value: digits };
}

/** `get_answer_value`: commas removed, the last `\d+` evaluated as a Python int literal. */
export function getAnswerValue(text: string): SglangAnswerValue {
  const last = text.replaceAll(",", "").match(DIGIT_RUNS)?.at(-1);
  return last === undefined ? { invalid: "no digits" } : literalEvalDigits(last);
}

/** Both sides through `get_answer_value` (a bare-number gold reads as the full solution's last number does). */
export function sglangNumber(input: GraderInput): Grade {
  const gold = getAnswerValue(input.gold);
  const prediction = getAnswerValue(input.response);
  if ("invalid" in prediction) {
    return noAnswerGrade(`INVALID: ${prediction.invalid}`);
  }
  if ("invalid" in gold) {
    return {
      isCorrect: false,
      score: 0,
      extracted: prediction.value,
      isUnparsed: false,
      reason: `gold is INVALID (${gold.invalid}); the reference asserts every label is valid`,
    };
  }
  const isCorrect = prediction.value === gold.value;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: prediction.value,
    isUnparsed: false,
    reason: `last integer ${prediction.value} ${isCorrect ? "=" : "≠"} gold ${gold.value}`,
  };
}
