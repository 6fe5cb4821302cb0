// lighteval_exact_match against lighteval's `ExactMatches(strip_strings=True).compute_one_item(gold, pred)`
// (huggingface/lighteval src/lighteval/metrics/metrics_sample.py@3fd15266bc8448b797e61462d293aa3fd40b3580) with
// MMLU's gold `" B"`: each verdict below was printed by CPython 3.11.7 running that method's steps.
import { describe, expect, it } from "vitest";
import { lightevalExactMatch } from "./lighteval-exact-match.js";

const CASES: readonly { response: string; gold: string; isCorrect: boolean }[] = [
  { response: "B", gold: "B", isCorrect: true },
  { response: " B", gold: "B", isCorrect: true },
  { response: "B\n", gold: "B", isCorrect: true },
  { response: "\u3000B\u2028", gold: "B", isCorrect: true },
  { response: "\u001cB\u001f", gold: "B", isCorrect: true },
  { response: "\u00a0B\u0085", gold: "B", isCorrect: true },
  { response: "\ufeffB", gold: "B", isCorrect: false },
  { response: "b", gold: "B", isCorrect: false },
  { response: "B.", gold: "B", isCorrect: false },
  { response: "B) Paris", gold: "B", isCorrect: false },
  { response: "The answer is B", gold: "B", isCorrect: false },
  { response: "", gold: "B", isCorrect: false },
  { response: "   ", gold: "B", isCorrect: false },
  { response: "   ", gold: "", isCorrect: true },
  { response: "C", gold: "B", isCorrect: false },
  { response: "B", gold: " B", isCorrect: true },
];

describe("lightevalExactMatch", () => {
  it.each(CASES)("grades $response against $gold", ({ response, gold, isCorrect }) => {
    const grade = lightevalExactMatch({ response, gold });
    expect({ isCorrect: grade.isCorrect, score: grade.score }).toEqual({
      isCorrect,
      score: isCorrect ? 1 : 0,
    });
  });

  it("scores an empty response 0 and marks it unparsed, whatever the gold", () => {
    expect(lightevalExactMatch({ response: "", gold: "" })).toMatchObject({
      isCorrect: false,
      extracted: null,
      isUnparsed: true,
    });
  });

  it("reports the stripped response it compared", () => {
    const grade = lightevalExactMatch({ response: " B.\n", gold: "B" });
    expect(grade.extracted).toBe("B.");
    expect(grade.reason).toBe('stripped response "B." ≠ gold "B"');
  });
});
