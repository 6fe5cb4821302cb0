// first_letter against SGLang's MMLU scoring: each verdict below was printed by CPython 3.11.7 running
// `pred = s.strip()[0] if len(s.strip()) > 0 else ""; pred == label` (sgl-project/sglang
// benchmark/mmlu/bench_sglang.py@00b08c497f0735678e084ae5e3dd88ca06b46627).
import { describe, expect, it } from "vitest";
import { firstLetter } from "./first-letter.js";

const CASES: readonly { response: string; gold: string; prediction: string; isCorrect: boolean }[] = [
  { response: "B", gold: "B", prediction: "B", isCorrect: true },
  { response: " B", gold: "B", prediction: "B", isCorrect: true },
  { response: "B\n", gold: "B", prediction: "B", isCorrect: true },
  { response: "\u3000B\u2028", gold: "B", prediction: "B", isCorrect: true },
  { response: "\u001cB\u001f", gold: "B", prediction: "B", isCorrect: true },
  { response: "\u00a0B\u0085", gold: "B", prediction: "B", isCorrect: true },
  { response: "\ufeffB", gold: "B", prediction: "\ufeff", isCorrect: false },
  { response: "b", gold: "B", prediction: "b", isCorrect: false },
  { response: "B.", gold: "B", prediction: "B", isCorrect: true },
  { response: "B) Paris", gold: "B", prediction: "B", isCorrect: true },
  { response: "The answer is B", gold: "B", prediction: "T", isCorrect: false },
  { response: "", gold: "B", prediction: "", isCorrect: false },
  { response: "   ", gold: "B", prediction: "", isCorrect: false },
  { response: "   ", gold: "", prediction: "", isCorrect: true },
  { response: "C", gold: "B", prediction: "C", isCorrect: false },
  { response: "\u{1f600}B", gold: "B", prediction: "\u{1f600}", isCorrect: false },
];

describe("firstLetter", () => {
  it.each(CASES)(
    "reads $prediction from $response (gold $gold)",
    ({ response, gold, prediction, isCorrect }) => {
      const grade = firstLetter({ response, gold });
      expect({ extracted: grade.extracted, isCorrect: grade.isCorrect, score: grade.score }).toEqual({
        extracted: prediction,
        isCorrect,
        score: isCorrect ? 1 : 0,
      });
      expect(grade.isUnparsed).toBe(prediction === "");
    },
  );

  it("says what it compared", () => {
    expect(firstLetter({ response: " C) x", gold: "B" }).reason).toBe('first character "C" ≠ gold "B"');
  });
});
