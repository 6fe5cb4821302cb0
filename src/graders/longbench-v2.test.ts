import { describe, expect, it } from "vitest";
import { extractLongbenchV2Answer, longbenchV2 } from "./longbench-v2.js";

describe("longbench_v2 (THUDM/LongBench pred.py extract_answer)", () => {
  it.each([
    ["The correct answer is (B)", "B"],
    ["Reasoning… **The correct answer is (C)**.", "C"],
    // The parenthesised form wins wherever it is; else the first bare one.
    ["The correct answer is A. On reflection, The correct answer is (D)", "D"],
    ["The correct answer is A, not The correct answer is B", "A"],
    // `*` is removed first, so bold inside the phrase still reads.
    ["The correct answer is **(C)**", "C"],
    // …but the space before the letter is not optional.
    ["The correct answer is*(*B*)*", undefined],
    // Case and wording must match exactly; a letter beyond D is no answer.
    ["the correct answer is (A)", undefined],
    ["The correct answer is (E)", undefined],
    ["The answer is (A)", undefined],
    ["The correct answer is (a)", undefined],
    ["", undefined],
  ])("reads %j as %j", (response, letter) => {
    expect(extractLongbenchV2Answer(response)).toBe(letter);
  });

  it("grades the letter against the gold; no answer is unparsed and wrong", () => {
    expect(longbenchV2({ response: "The correct answer is (B)", gold: "B" })).toMatchObject({
      isCorrect: true,
      score: 1,
      extracted: "B",
      isUnparsed: false,
    });
    expect(longbenchV2({ response: "The correct answer is (A)", gold: "B" })).toMatchObject({
      isCorrect: false,
      extracted: "A",
      reason: "answer A ≠ gold B",
    });
    expect(longbenchV2({ response: "I think B.", gold: "B" })).toMatchObject({
      isCorrect: false,
      extracted: null,
      isUnparsed: true,
    });
  });
});
