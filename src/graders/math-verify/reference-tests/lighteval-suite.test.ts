// lighteval's extractive-match tests run against our lighteval-flavoured extraction and Math-Verify comparison.
// Data from huggingface/lighteval tests/unit/metrics/test_extractive_match.py@3fd15266bc8448b797e61462d293aa3fd40b3580
import { describe, expect, it } from "vitest";
import { literalsOf } from "../extraction-patterns.js";
import { lightevalExtractiveMatch } from "../lighteval-extractive-match.js";
import { lightevalTargets } from "./lighteval-case.js";
import { LIGHTEVAL_CASES } from "./lighteval-cases.js";

for (const group of LIGHTEVAL_CASES) {
  describe(group.source, () => {
    group.cases.forEach(([gold, prediction, expected, types, options], index) => {
      it(`case ${index + 1}: ${JSON.stringify(prediction).slice(0, 60)} ${expected ? "=" : "≠"} ${JSON.stringify(gold).slice(0, 40)}`, () => {
        const targets = lightevalTargets(types, options?.language);
        const match = lightevalExtractiveMatch(gold, prediction, {
          goldTargets: targets,
          predictionTargets: targets,
          precision: options?.precision ?? 6,
        });
        expect(match.isCorrect).toBe(expected);
      });
    });
  });
}

describe("extraction languages", () => {
  it("knows lighteval's 51 languages with an answer word and says which it cannot read", () => {
    expect(literalsOf("fra")).toMatchObject({ answer: "réponse", colon: ":" });
    expect(literalsOf("zho")).toMatchObject({ answer: "答案", fullStop: "。", sentenceSpace: "" });
    expect(() => literalsOf("ace")).toThrow(/lighteval has no answer word for language "ace"/);
  });
});
