// The `first_letter` grader: SGLang's MMLU prediction, the first character of the stripped answer, against the gold.
// Matched: sgl-project/sglang benchmark/mmlu/bench_sglang.py@00b08c497f0735678e084ae5e3dd88ca06b46627
// (`s["answer"].strip()[0]`, "" for an empty answer, then `pred == label`).
import { pythonStrip } from "./python-whitespace.js";
import type { Grade, GraderInput } from "./types.js";

/**
 * Grades the first character (one code point, as Python indexes `str`) of the response after Python's `strip()`
 * against the gold exactly (case kept). An empty or all-whitespace response is the empty prediction (unparsed), wrong for any letter.
 */
export function firstLetter(input: GraderInput): Grade {
  const stripped = pythonStrip(input.response);
  const codePoint = stripped.codePointAt(0);
  // `strip()[0] if len(strip()) > 0 else ""`: an empty prediction, still compared with the gold.
  const prediction = codePoint === undefined ? "" : String.fromCodePoint(codePoint);
  const isCorrect = prediction === input.gold;
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: prediction,
    isUnparsed: prediction === "",
    reason: `first character ${JSON.stringify(prediction)} ${isCorrect ? "=" : "≠"} gold ${JSON.stringify(input.gold)}`,
  };
}
