// The `lighteval_exact_match` grader: lighteval's `exact_match` metric (`em`): the stripped response equals the gold.
// Matched: huggingface/lighteval src/lighteval/metrics/metrics_sample.py@3fd15266bc8448b797e61462d293aa3fd40b3580
// (`ExactMatches(strip_strings=True)`, `type_exact_match="full"`, as `Metrics.exact_match` in metrics.py), the
// metric of its `mmlu` tasks (and of `helm|mmlu` at v0.10.0).
import { pythonStrip } from "./python-whitespace.js";
import { type Grade, type GraderInput, noAnswerGrade } from "./types.js";

/**
 * Correct when Python's `strip()` of the response equals the stripped gold (lighteval's MMLU gold is `" B"`; ours is
 * `"B"`); nothing is read out of a longer answer, so `B.` or `The answer is B` is wrong, as in lighteval. An empty
 * response scores 0 (`if not pred: return 0`).
 */
export function lightevalExactMatch(input: GraderInput): Grade {
  const gold = pythonStrip(input.gold);
  if (input.response === "") {
    return noAnswerGrade("empty response");
  }
  const prediction = pythonStrip(input.response);
  const isCorrect = prediction === gold;
  const shown = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
  return {
    isCorrect,
    score: isCorrect ? 1 : 0,
    extracted: prediction,
    isUnparsed: false,
    reason: `stripped response ${shown(prediction)} ${isCorrect ? "=" : "≠"} gold ${shown(gold)}`,
  };
}
