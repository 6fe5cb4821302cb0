// qwen_math: Qwen2.5-Math's own grader.py/parser.py examples (a45202bd16f1ec06f433442dc1152d0074773465) and each quirk the issue names.
import { describe, expect, it } from "vitest";
import { choiceAnswerClean, extractAnswer } from "./extract-answer.js";
import { qwenMathEqual } from "./math-equal.js";
import { qwenGold, qwenMathGrader } from "./qwen-math-grader.js";
import { stripString } from "./strip-string.js";

const grade = (response: string, gold: string) => qwenMathGrader({ response, gold });
const strip = (text: string) => stripString(text, { flavor: "qwen" });

describe("qwenMathEqual: the examples in grader.py's _test_math_equal", () => {
  it.each([
    ["0.0833333333333333", "\\frac{1}{12}"],
    ["(1,4.5)", "(1,\\frac{9}{2})"],
    ["\\frac{x}{7}+\\frac{2}{7}", "\\frac{x+2}{7}"],
    ["\\sec^2(y)", "\\tan^2(y)+1"],
    ["-34x-45y+20z-100=0", "34x+45y-20z+100=0"],
    [
      "\\frac{\\sqrt{\\sqrt{11}+\\sqrt{194}}}{2\\sqrt{33}+15}",
      "\\frac{\\sqrt{\\sqrt{11}+\\sqrt{194}}}{15+2\\sqrt{33}}",
    ],
    ["(0.6,2.6667]", "(\\frac{3}{5},\\frac{8}{3}]"],
  ])("%s equals %s", (prediction, reference) => {
    expect(qwenMathEqual(prediction, reference)).toBe(true);
  });
  it.each([
    ["\\frac{100}{3}", "33.3"],
    ["(+5)(b+2)", "(a+5)(b+2)"],
    ["\\frac{1+\\sqrt{5}}{2}", "2"],
    ["x+1", "x+2n+1"],
  ])("%s differs from %s", (prediction, reference) => {
    expect(qwenMathEqual(prediction, reference)).toBe(false);
  });
});

describe("parser.py's _test_extract_answer", () => {
  it("choice_answer_clean reads D out of \\mathrm{(D)\\}1,008,016", () => {
    expect(choiceAnswerClean("\\mathrm{(D)\\}1,008,016")).toBe("D");
  });
});

describe("qwen_math quirks", () => {
  it("numbers: relative tolerance 1e-4 (isclose rel_tol), so zero only equals zero", () => {
    expect(grade("\\boxed{1.0001}", "1").isCorrect).toBe(true);
    expect(grade("\\boxed{1.001}", "1").isCorrect).toBe(false);
    expect(grade("\\boxed{1000099}", "1000000").isCorrect).toBe(true);
    expect(grade("\\boxed{0.00001}", "0").isCorrect).toBe(false);
    // Two numbers that differ are final: no symbolic second chance.
    expect(qwenMathEqual("2", "3")).toBe(false);
  });
  it("percent variants: the gold, gold/100 and gold×100", () => {
    expect(grade("\\boxed{0.5}", "50").isCorrect).toBe(true);
    expect(grade("\\boxed{50}", "0.5").isCorrect).toBe(true);
    expect(grade("\\boxed{50\\%}", "50").isCorrect).toBe(true);
    expect(grade("\\boxed{5}", "0.5").isCorrect).toBe(false);
  });
  it("word numbers (word2number): a standalone number word turns the whole answer into its number", () => {
    expect(strip("five")).toBe("5");
    expect(strip("twenty three")).toBe("23");
    expect(strip("one point five")).toBe("1.5");
    expect(strip("one solution")).toBe("1");
    expect(strip("point")).toBe("0");
    expect(strip("025")).toBe("25");
    expect(grade("The answer is five.", "5").isCorrect).toBe(true);
  });
  it("unit words from MathQA are stripped, twice over, wherever they stand alone — even 'a' and 'sec'", () => {
    expect(strip("5 mph")).toBe("5");
    expect(strip("8 square units")).toBe("8");
    expect(strip("2 meters")).toBe("2");
    expect(strip("(a+5)(b+2)")).toBe("(+5)(b+2)");
    expect(strip("\\sec^2(y)")).toBe("\\^2(y)");
    expect(grade("\\boxed{12 \\text{ inches}}", "12").isCorrect).toBe(true);
    expect(stripString("5 mph", { flavor: "qwen", isSkippingUnits: true })).toBe("5mph");
  });
  it("intervals: brackets are stripped or items compared one by one, so (1,2] = (1,2) = [1,2]", () => {
    expect(grade("\\boxed{(1,2]}", "(1,2)").isCorrect).toBe(true);
    expect(grade("\\boxed{[1,2]}", "[1,2)").isCorrect).toBe(true);
    expect(grade("\\boxed{[1,2]}", "(1,2)").isCorrect).toBe(true);
    expect(grade("\\boxed{[1,3]}", "(1,2)").isCorrect).toBe(false);
    expect(grade("\\boxed{(2,1)}", "(1,2)").isCorrect).toBe(false);
  });
  it("choices: a letter gold reads the response with choice_answer_clean", () => {
    expect(grade("The answer is (C).", "C")).toMatchObject({ isCorrect: true, extracted: "C" });
    expect(grade("I pick B, no wait, the answer is D", "D").isCorrect).toBe(true);
    expect(grade("The answer is (C).", "B").isCorrect).toBe(false);
  });
  it("matrices: bmatrix/array read as pmatrix, compared cell by cell; a {a,b} gold becomes a pmatrix", () => {
    expect(
      grade("\\boxed{\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}")
        .isCorrect,
    ).toBe(true);
    expect(
      grade("\\boxed{\\begin{pmatrix}0.5&2\\end{pmatrix}}", "\\begin{pmatrix}\\frac{1}{2}&2\\end{pmatrix}")
        .isCorrect,
    ).toBe(true);
    expect(
      grade("\\boxed{\\begin{pmatrix}1&2\\\\3&5\\end{pmatrix}}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}")
        .isCorrect,
    ).toBe(false);
  });
  it("\\text{}: a trailing \\text{…} is a unit, any other is unwrapped", () => {
    expect(strip("5 \\text{ cm}")).toBe("5");
    expect(strip("\\text{Evelyn}")).toBe("Evelyn");
    expect(grade("\\boxed{\\text{Evelyn}}", "Evelyn").isCorrect).toBe(true);
  });
  it("the rest of strip_string: fractions, degrees, dollars, infinity, emptyset, j, trailing zeros, k =", () => {
    expect(strip("\\dfrac12")).toBe("\\frac{1}{2}");
    expect(strip("3/4")).toBe("\\frac{3}{4}");
    // int() then a round-trip check: "03" comes back as "3", so the slash stays.
    expect(strip("03/4")).toBe("03/4");
    expect(strip("90^\\circ")).toBe("90");
    expect(strip("\\$18.00")).toBe("18");
    expect(strip("(-\\infty,\\infty)")).toBe("\\mathbb{R}");
    expect(strip("\\emptyset")).toBe("{}");
    expect(strip("\\{\\}")).toBe("{}");
    expect(strip("2+3j")).toBe("2+3i");
    expect(strip("k = 7")).toBe("7");
    expect(strip(".5")).toBe("0.5");
    expect(strip("x\\in [1,2]")).toBe("[1,2]");
    expect(strip("x \\in [1,2]")).toBe("x\\in[1,2]");
  });
  it("symbolic: equations up to sign (not up to a factor), sets unordered, x = v against v", () => {
    expect(grade("\\boxed{2p+q=1}", "-2p-q=-1").isCorrect).toBe(true);
    expect(grade("\\boxed{4p+2q=2}", "2p+q=1").isCorrect).toBe(false);
    // "y=" is one of the assignment prefixes strip_string deletes anywhere: x+y=1 becomes x+1.
    expect(strip("x+y=1")).toBe("x+1");
    expect(grade("\\boxed{\\{3,1\\}}", "\\{1,3\\}").isCorrect).toBe(true);
    expect(grade("\\boxed{(x+1)^2}", "x^2+2x+1").isCorrect).toBe(true);
    expect(grade("\\boxed{t=5}", "5").isCorrect).toBe(true);
  });
});

describe("qwen_math extraction and gold", () => {
  it("extract_answer: Minerva's 'final answer is $X$. I hope', the last boxed (to the end when unclosed), answer phrases, last number", () => {
    expect(
      extractAnswer("Final Answer: The final answer is $\\frac{1}{2}$. I hope it is correct."),
    ).toMatchObject({ answer: "\\frac{1}{2}", rule: "minerva" });
    expect(extractAnswer("\\boxed{1} then \\boxed{\\frac{3}{4}}").answer).toBe("\\frac{3}{4}");
    expect(extractAnswer("so \\boxed{7 + x").answer).toBe("7+x");
    expect(extractAnswer("So the answer is 12 apples.").answer).toBe("12");
    expect(extractAnswer("we get 3 and then 4,100 total").answer).toBe("4100");
    expect(extractAnswer("nothing here").answer).toBe("");
  });
  it("the gold: a full solution's boxed answer, GSM8K's #### line, else the answer itself", () => {
    expect(qwenGold("so $5+4+2=\\boxed{11}$.")).toBe("11");
    expect(qwenGold("She pays 3 + 4 = 7.\n#### 7")).toBe("7");
    expect(qwenGold("025")).toBe("25");
  });
  it("isUnparsed unless the answer was boxed", () => {
    expect(grade("\\boxed{4}", "4")).toMatchObject({ isCorrect: true, isUnparsed: false });
    expect(grade("it is 4", "4")).toMatchObject({ isCorrect: true, isUnparsed: true });
    expect(grade("", "4")).toMatchObject({ isCorrect: false, isUnparsed: true });
  });
});
