// Verdicts derived by hand from lm-evaluation-harness@4e7e0d47 mmlu/generative/_default_template_yaml's filters
// and exact_match(ignore_case=True, ignore_punctuation=True).
import { describe, expect, it } from "vitest";
import { lmEvalMmluGenerative, lmEvalMmluGenerativeExtract } from "./lm-eval-mmlu-generative.js";

describe("lmEvalMmluGenerative", () => {
  it.each([
    ["B", "B", true],
    [" B", "B", true],
    ["b", "B", true],
    ["B.", "B", true],
    ["(B)", "B", true],
    ["B\nbecause the rest follows", "B", true],
    ["  B  \n\nA", "B", true],
    ["B. 42", "B", false],
    ["The answer is B", "B", false],
    ["\nB", "B", false],
    ["A", "B", false],
  ])("%j against %s → %s", (response, gold, isCorrect) => {
    expect(lmEvalMmluGenerative({ response, gold }).isCorrect).toBe(isCorrect);
  });

  it("reads the first line, stripped as Python strips", () => {
    expect(lmEvalMmluGenerativeExtract("\u00a0C\u3000\r\nD")).toBe("C");
    expect(lmEvalMmluGenerativeExtract("")).toBe("");
  });

  it("marks an empty first line unparsed", () => {
    const grade = lmEvalMmluGenerative({ response: "\nB", gold: "B" });
    expect(grade).toMatchObject({ isCorrect: false, extracted: "", isUnparsed: true });
  });
});
