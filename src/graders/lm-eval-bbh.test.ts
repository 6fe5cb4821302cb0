// lm_eval_bbh_cot / lm_eval_bbh_fewshot against verdicts recorded by running lm-eval's get-answer regex, RegexFilter
// logic (findall, first, strip) and exact_match equality in Python 3 on the same inputs.
import { describe, expect, it } from "vitest";
import { lmEvalBbhCot, lmEvalBbhCotExtract, lmEvalBbhFewshot } from "./lm-eval-bbh.js";

/** [response, gold, get-answer output, cot verdict, fewshot (raw) verdict], from the Python run. */
const RECORDED: readonly [string, string, string, boolean, boolean][] = [
  ["Let's think. So the answer is yes.", "yes", "yes", true, false],
  ["So the answer is yes", "yes", "ye", false, false],
  ["So the answer is yes.\n\nQ: next", "yes", "yes", true, false],
  ["the answer is (B). ", "(B)", "(B).", false, false],
  ["the answer is (B).  ", "(B)", "(B).", false, false],
  ["The answer is (B).", "(B)", "[invalid]", false, false],
  ["first the answer is (A). then the answer is (B).", "(A)", "(A). then the answer is (B)", false, false],
  ["so the answer is \u3000(C).", "(C)", "(C)", true, false],
  ["so the answer is x\u00a0.", "x", "x", true, false],
  ["the answer is valid.\nthe answer is invalid.", "invalid", "valid", false, false],
  ["the answer is 12.\r\n", "12", "12.", false, false],
  ["nothing here", "yes", "[invalid]", false, false],
  ["the answer is .", ".", "", false, false],
  [" yes", "yes", "[invalid]", false, false],
  ["yes", "yes", "[invalid]", false, true],
  ["yes\n", "yes", "[invalid]", false, false],
  ["(A)", "(A)", "[invalid]", false, true],
];

describe("lm-eval BBH graders", () => {
  it.each(RECORDED)("%j (gold %j) → %j", (response, gold, extracted, cotVerdict, fewshotVerdict) => {
    expect(lmEvalBbhCotExtract(response) ?? "[invalid]").toBe(extracted);
    expect(lmEvalBbhCot({ response, gold }).isCorrect).toBe(cotVerdict);
    expect(lmEvalBbhFewshot({ response, gold }).isCorrect).toBe(fewshotVerdict);
  });

  it("marks a response without 'the answer is' unparsed for the CoT filter", () => {
    expect(lmEvalBbhCot({ response: "True", gold: "True" })).toMatchObject({
      isCorrect: false,
      isUnparsed: true,
      extracted: null,
    });
  });
});
