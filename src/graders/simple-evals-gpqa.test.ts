// Unit tests of `simple_evals_gpqa`: the strict `Answer: X` pattern, first match, case kept, and the reference's verdicts.
import { describe, expect, it } from "vitest";
import { extractSimpleEvalsGpqaAnswer, simpleEvalsGpqa } from "./simple-evals-gpqa.js";

/**
 * Responses and the letter openai/simple-evals@ee3b0318 extracts (null = None), recorded by running
 * `re.search(ANSWER_PATTERN_MULTICHOICE, response_text)` of gpqa_eval.py under CPython 3.11.
 */
const REFERENCE_EXTRACTIONS: readonly (readonly [string, string | null])[] = [
  ["Answer: B", "B"],
  ["answer: b", "b"],
  ["ANSWER:C", "C"],
  ["Answer : D", "D"],
  ["Answer:\nD", null],
  ["Answer: $C$", "C"],
  ["Answer: \\$C", null],
  ["**Answer:** B", null],
  ["Answer: E", null],
  ["Answer: Because", "B"],
  ["Final Answer: A then Answer: B", "A"],
  ["Answer:\t\tC", "C"],
  ["AN\u017fWER: A", "A"],
  ["Answer\u3000: A", null],
  ["The answer is (A)", null],
  ["", null],
  ["Answer: \uff21", null],
  ["Answer: $d$", "d"],
];

describe("simple_evals_gpqa: the reference's verdicts", () => {
  it.each(REFERENCE_EXTRACTIONS)("%j → %j", (response, expected) => {
    expect(extractSimpleEvalsGpqaAnswer(response)).toBe(expected);
  });
});

describe("simple_evals_gpqa: rules", () => {
  it("reads the raw response: markdown around 'Answer:' defeats the pattern", () => {
    expect(extractSimpleEvalsGpqaAnswer("**Answer:** B")).toBeNull();
    expect(extractSimpleEvalsGpqaAnswer("**Answer: B**")).toBe("B");
  });

  it("allows only spaces and tabs around the colon, and one optional $ on each side of the letter", () => {
    expect(extractSimpleEvalsGpqaAnswer("Answer \t:\t $D$")).toBe("D");
    expect(extractSimpleEvalsGpqaAnswer("Answer: $$D")).toBeNull();
    expect(extractSimpleEvalsGpqaAnswer("Answer\n: D")).toBeNull();
  });

  it("takes the first match and reads a word's first letter", () => {
    expect(extractSimpleEvalsGpqaAnswer("Answer: C. Final Answer: A")).toBe("C");
    expect(extractSimpleEvalsGpqaAnswer("Answer: Definitely A")).toBe("D");
  });

  it("grades case-sensitively: a lowercase letter is not the gold", () => {
    expect(simpleEvalsGpqa({ response: "Answer: C", gold: "C" })).toEqual({
      isCorrect: true,
      score: 1,
      extracted: "C",
      isUnparsed: false,
      reason: "Answer: C = gold C",
    });
    expect(simpleEvalsGpqa({ response: "answer: c", gold: "C" })).toMatchObject({
      isCorrect: false,
      extracted: "c",
      isUnparsed: false,
    });
  });

  it("reports no match as unparsed", () => {
    expect(simpleEvalsGpqa({ response: "The answer is (A)", gold: "A" })).toEqual({
      isCorrect: false,
      score: 0,
      extracted: null,
      isUnparsed: true,
      reason: "no 'Answer: [A-D]' found",
    });
  });
});
