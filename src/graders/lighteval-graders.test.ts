// Unit tests of the lighteval graders: Math-Verify extraction priorities, rounding, gsm8k quasi-exact match, GPQA letters.
import { describe, expect, it } from "vitest";
import { lightevalGpqa } from "./lighteval-gpqa.js";
import { lightevalGsm8k } from "./lighteval-gsm8k.js";
import { lightevalExpr, lightevalLatex } from "./lighteval-math-grader.js";
import { getGrader } from "./registry.js";

describe("lighteval_expr / lighteval_latex", () => {
  it("prefers \\boxed{} (priority 0) over later numbers", () => {
    const grade = lightevalExpr({ response: "So $\\boxed{25}$. Check: 26 is too big.", gold: "025" });
    expect(grade).toMatchObject({ isCorrect: true, extracted: "25" });
  });
  it("reads 'final answer is' and answer phrases, then the rightmost number", () => {
    expect(
      lightevalExpr({ response: "The final answer is $7$. I hope it is correct.", gold: "7" }).isCorrect,
    ).toBe(true);
    expect(lightevalExpr({ response: "Answer: 12 apples", gold: "12" }).isCorrect).toBe(true);
    expect(lightevalExpr({ response: "we try 3 and then 41", gold: "41" })).toMatchObject({
      isCorrect: true,
      isUnparsed: true,
    });
    expect(lightevalExpr({ response: "nothing", gold: "41" })).toMatchObject({
      isCorrect: false,
      extracted: null,
    });
  });
  it("rounds floats to 5 decimals but keeps exact values exact", () => {
    expect(lightevalExpr({ response: "\\boxed{0.333333}", gold: "1/3" }).isCorrect).toBe(true);
    expect(lightevalExpr({ response: "\\boxed{0.3333}", gold: "1/3" }).isCorrect).toBe(false);
    expect(lightevalExpr({ response: "\\boxed{3}", gold: "4" }).isCorrect).toBe(false);
  });
  it("reads the gold of latex from the solution's \\boxed{} and compares sets and intervals", () => {
    const gold = "The roots are $\\boxed{1, 3}$.";
    expect(lightevalLatex({ response: "$\\boxed{3,1}$", gold }).isCorrect).toBe(true);
    expect(lightevalLatex({ response: "$\\boxed{3,2}$", gold }).isCorrect).toBe(false);
    expect(lightevalLatex({ response: "\\boxed{(-2,2)}", gold: "so $\\boxed{(-2,2)}$" }).isCorrect).toBe(
      true,
    );
    expect(lightevalLatex({ response: "\\boxed{[-2,2)}", gold: "so $\\boxed{(-2,2)}$" }).isCorrect).toBe(
      false,
    );
  });
});

describe("lighteval_gsm8k", () => {
  it("reads the first '#### N' and compares numbers", () => {
    expect(lightevalGsm8k({ response: "so\n#### 1,018", gold: "1018" })).toMatchObject({
      isCorrect: true,
      isUnparsed: false,
    });
    expect(lightevalGsm8k({ response: "#### 17", gold: "a\n#### 18" }).isCorrect).toBe(false);
  });
  it("falls back to the last number, unparsed", () => {
    expect(lightevalGsm8k({ response: "She makes $18 a day.", gold: "18" })).toMatchObject({
      isCorrect: true,
      isUnparsed: true,
    });
    expect(lightevalGsm8k({ response: "none", gold: "18" }).extracted).toBeNull();
  });
});

describe("lighteval_gpqa", () => {
  it("prefers 'Answer: X' over a later stray letter, rightmost first", () => {
    expect(lightevalGpqa({ response: "Option A is wrong.\nAnswer: C", gold: "C" })).toMatchObject({
      isCorrect: true,
      isUnparsed: false,
    });
    expect(lightevalGpqa({ response: "Answer: B. Later: Answer: D", gold: "D" }).isCorrect).toBe(true);
    expect(lightevalGpqa({ response: "I pick B", gold: "A" })).toMatchObject({
      isCorrect: false,
      extracted: "B",
    });
    expect(lightevalGpqa({ response: "none here", gold: "A" }).extracted).toBeNull();
  });
  it("reads (X) forms and a letter at a line start as lighteval's indices regexes do", () => {
    expect(lightevalGpqa({ response: "The answer is (C).", gold: "C" })).toMatchObject({
      isCorrect: true,
      isUnparsed: false,
    });
    expect(lightevalGpqa({ response: "Thinking about A and B.\nD is right", gold: "D" })).toMatchObject({
      isCorrect: true,
      isUnparsed: false,
    });
  });
});

// lighteval 0.10's `math_pass_at_1_1n`, verdicts derived by hand from huggingface/lighteval@c4826ea9
// (metrics_sample.py `PassAtK.compute`, math_comparison.py `compare_gold_target`/`sympy_expr_eq`): where it and
// ≥ 0.13's `pass_at_k_math` part.
describe("lighteval_0_10_math", () => {
  const grade010 = getGrader("lighteval_0_10_math");
  const grade013 = getGrader("lighteval_math");
  it.each([
    // Both read the same \boxed{} answer.
    ["5", "The answer is \\boxed{5}", true, true],
    ["\\frac{1}{2}", "So \\boxed{\\frac{2}{4}}", true, true],
    // A float gold (read as an expression) against a fraction needs rounding: 0.10 passes its Doc as the
    // precision, so the comparison raises and fails.
    ["0.5", "\\boxed{\\frac{1}{2}}", false, true],
    ["0.25", "so it is \\boxed{\\frac{1}{4}}", false, true],
    // An assignment against a bare value, both ways round.
    ["x=5", "\\boxed{5}", true, true],
    ["7", "\\boxed{y = 7}", true, true],
  ])("gold %j, response %j: 0.10 %s, 0.13 %s", (gold, response, expected010, expected013) => {
    expect(grade010({ gold, response }).isCorrect).toBe(expected010);
    expect(grade013({ gold, response }).isCorrect).toBe(expected013);
  });
});
