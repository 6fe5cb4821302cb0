// How the mock server's oracle recognises a GSM8K prompt and answers it in phrasings every recipe's graders read.
import type { OracleAnswer } from "../../byob/benchmark-config.js";

/** 1018 → "1,018"; small numbers as they are. */
function withThousands(value: number): string {
  return Number.isInteger(value) && Math.abs(value) >= 1000 ? value.toLocaleString("en-US") : String(value);
}

/** -5 → "-$5", 1018 → "$1,018". */
function money(value: number): string {
  return value < 0 ? `-$${withThousands(-value)}` : `$${withThousands(value)}`;
}

/**
 * The `Question:/Answer:` recipes share their prompt suffix, so the oracle answers all of them with the first
 * recipe's phrasing: each ends with `#### N` (lm-eval strict-match, lighteval) and N is its last number (SGLang's
 * last digit run, lm-eval flexible-extract, Qwen's last number) or its last `\boxed{}`.
 */
const QUESTION_PHRASINGS: readonly ((value: number) => string)[] = [
  (value) => `Let me work it out step by step.\nThe total comes to ${value}.\n#### ${value}`,
  (value) => `#### ${value}`,
  (value) => `She makes ${money(value)} a day.\n#### ${value}`,
  (value) => `${withThousands(value)}\n#### ${withThousands(value)}`,
  (value) => `Adding 3 and 4 first gives 7; the final answer:\n#### ${value}.`,
  (value) => `So the result is \\boxed{${value}}.\n#### ${value}`,
];

/** gsm8k-cot's strict-match reads "The answer is N" followed by one more character on the line. */
const COT_PHRASINGS: readonly ((value: number) => string)[] = [
  (value) => `Working step by step, 3 + 4 = 7. The answer is ${value}.`,
  (value) => `The answer is ${withThousands(value)}.\n`,
  (value) => `First 2 * 3 = 6. The answer is ${value}. Done`,
];

function modulo(value: number, divisor: number): number {
  return ((Math.trunc(value) % divisor) + divisor) % divisor;
}

/**
 * The definition's `oracle`: a response in one of the phrasings the recipe's graders read (gsm8k-cot's `Q:/A:`
 * prompts get "The answer is N"), with the gold or a wrong value.
 */
export const gsm8kOracle: OracleAnswer = (sample, isCorrect, variant) => {
  const phrasings = sample.query.startsWith("Q: ") ? COT_PHRASINGS : QUESTION_PHRASINGS;
  const gold = Number(sample.target);
  // A wrong value moves away from zero, so that it differs from the gold also without its sign (SGLang's
  // get_answer_value reads no sign), by at least 0.1 % of the gold (Qwen's math_equal allows 1e-4 relative).
  const step = Math.max(1, Math.ceil(Math.abs(gold) / 1000));
  const offset = step * (1 + modulo(Math.floor(variant / phrasings.length), 9));
  const value = isCorrect ? gold : gold < 0 ? gold - offset : gold + offset;
  const phrase = phrasings[modulo(variant, phrasings.length)];
  return phrase ? phrase(value) : String(value);
};

/** How many distinct phrasings `answer` cycles through for a `Question:/Answer:` recipe. */
export const GSM8K_ORACLE_PHRASING_COUNT = QUESTION_PHRASINGS.length;
