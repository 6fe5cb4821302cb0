// mmlu_pro_extract / mmlu_pro_api_extract against answers recorded by running MMLU-Pro's extract_answer chain
// (evaluate_from_local.py; evaluate_from_api.py removes "**" first) in Python 3 on the same inputs.
import { describe, expect, it } from "vitest";
import { extractMmluProAnswer, mmluProApiExtract, mmluProExtract } from "./mmlu-pro-extract.js";

/** [response, local script's letter, API script's letter], from the Python run; null is the reference's None. */
const RECORDED: readonly [string, string | null, string | null][] = [
  ["Let's think step by step. The answer is (B).", "B", "B"],
  ["the answer is (C) and the answer is (D)", "C", "C"],
  ["The Answer is (E)", "E", "E"],
  ["Answer: F", "F", "F"],
  ["Answer:\n\nG then answer: H", "G", "G"],
  ["x answer: A y Answer: B\nAnswer: C", "B", "B"],
  ["answer:\u001cD", "D", "D"],
  ["answer:\ufeffD", "D", "D"],
  ["I pick J. Or maybe I.", "I", "I"],
  ["éA then B", "B", "B"],
  ["Bé", null, null],
  ["option A_ or B", "B", "B"],
  ["no letters here", null, null],
  ["The answer is **(H)**.", "H", "H"],
  ["**Answer: I**", "I", "I"],
  ["The answer is ***C***", "C", "C"],
  ["the answer is (K)", null, null],
  ["ABC", null, null],
  ["The answer is **(H)**, not C", "C", "H"],
  ["The answer is **B**; see note A", "A", "B"],
  ["Option A\u0301 or B\u0301", "B", "B"],
  ["C\u00b2 vs D", "D", "D"],
];

describe("MMLU-Pro extraction", () => {
  it.each(RECORDED)("%j → local %j, api %j", (response, local, api) => {
    expect(extractMmluProAnswer(response)?.letter ?? null).toBe(local);
    expect(extractMmluProAnswer(response.replaceAll("**", ""))?.letter ?? null).toBe(api);
    for (const letter of ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]) {
      expect(mmluProExtract({ response, gold: letter }).isCorrect).toBe(letter === local);
      expect(mmluProApiExtract({ response, gold: letter }).isCorrect).toBe(letter === api);
    }
  });

  it("marks no letter as unparsed and wrong (the reference guesses at random instead)", () => {
    expect(mmluProExtract({ response: "no idea.", gold: "A" })).toMatchObject({
      isCorrect: false,
      isUnparsed: true,
      extracted: null,
    });
  });
});
