// Unit tests of the math grader (aiperf's MathGrader): extraction, issue 4's equivalences, issue 12's list, aiperf's tests.
import { describe, expect, it } from "vitest";
import { mathGrader } from "./math-grader.js";
import { aiperfExtractAnswer, lastBoxedContent } from "./qwen-math/aiperf-extract-answer.js";

const grade = (response: string, gold: string) => mathGrader({ response, gold });

describe("mathGrader: extraction", () => {
  it("takes the last \\boxed{} with nested braces, and \\fbox", () => {
    expect(grade("first \\boxed{1} then \\boxed{\\frac{1}{2}}", "1/2")).toMatchObject({
      isCorrect: true,
      isUnparsed: false,
    });
    expect(grade("\\fbox{7}", "7")).toMatchObject({ isCorrect: true, extracted: "7" });
  });
  it("falls back to an answer phrase, then the last number, marked unparsed but still correct", () => {
    expect(grade("So the answer is $\\frac{3}{4}$.", "0.75")).toMatchObject({
      isCorrect: true,
      isUnparsed: true,
    });
    expect(grade("Final Answer: The final answer is $6$. I hope it is correct.", "6").isCorrect).toBe(true);
    expect(grade("answer: 12", "12")).toMatchObject({ isCorrect: true, isUnparsed: true });
    expect(grade("we get 3 and then 41", "41")).toMatchObject({
      isCorrect: true,
      isUnparsed: true,
      reason: expect.stringContaining("last number"),
    });
    // aiperf falls back to the whole response; only a blank response extracts nothing.
    expect(grade("no idea", "4")).toMatchObject({ isCorrect: false, extracted: "no idea", isUnparsed: true });
    expect(grade("  \n ", "4")).toMatchObject({ isCorrect: false, extracted: null, isUnparsed: true });
  });
  it("reads the gold from a full \\boxed{} solution", () => {
    expect(grade("\\boxed{11}", "5+4+2=\\boxed{11}").isCorrect).toBe(true);
  });
});

describe("mathGrader: equivalences and their negatives", () => {
  it.each([
    ["\\sqrt{2}", "2^{1/2}"],
    ["0.3333", "\\frac{1}{3}"],
    ["\\dfrac{1}{2}", "\\frac12"],
    ["\\tfrac{3}{4}", "3/4"],
    ["\\left( 3, \\frac{\\pi}{2} \\right)", "(3,\\frac{\\pi}{2})"],
    ["[1,2)", "[1, 2)"],
    ["(1,2)", "(1, 2)"],
    ["3,2,1", "1,2,3"],
    ["\\{3, 1\\}", "\\{1,3\\}"],
    ["x = 5", "5"],
    ["(x+1)^2", "x^2+2x+1"],
    ["\\frac{\\sqrt{3}}{2}", "\\frac{1}{2}\\sqrt{3}"],
    ["\\$18.00", "18"],
    ["90^\\circ", "90"],
    ["5 \\text{ cm}", "5"],
    ["\\text{Evelyn}", "Evelyn"],
    ["1{,}000", "1000"],
    ["10\\%", "0.1"],
    ["25", "025"],
    ["2.00001", "2"],
    ["(-\\infty, 3] \\cup [5, \\infty)", "(-\\infty,3]\\cup[5,\\infty)"],
  ])("\\boxed{%s} equals gold %s", (answer, gold) => {
    expect(grade(`\\boxed{${answer}}`, gold).isCorrect).toBe(true);
  });

  it.each([
    ["\\sqrt{3}", "2^{1/2}"],
    ["0.33", "\\frac{1}{3}"],
    ["(2,1)", "(1,2)"],
    ["[1,3]", "[1,2)"],
    ["1,2", "1,2,3"],
    ["x = 6", "5"],
    ["(x+1)^3", "x^2+2x+1"],
    ["19", "18"],
    ["2.001", "2"],
    ["Evelyn", "Bob"],
  ])("\\boxed{%s} differs from gold %s", (answer, gold) => {
    expect(grade(`\\boxed{${answer}}`, gold).isCorrect).toBe(false);
  });
});

describe("mathGrader: aiperf's brace/paren step", () => {
  it("strips the outer brackets before comparing, so [1,2] = [1,2) as in aiperf and Qwen", () => {
    expect(grade("\\boxed{[1,2]}", "[1,2)").isCorrect).toBe(true);
  });
});

describe("mathGrader: the equivalences issue 12 lists for aiperf's documentation", () => {
  it.each([
    ["Yes", "yes"],
    ["d", "D"],
    ["(D) 7", "D"],
    ["**B**", "B"],
    ["50", "0.5"],
    ["0.5", "50"],
    ["infinity", "\\infty"],
    ["inf", "\\infty"],
    ["5 \\text{ meters}", "5"],
    ["3 mph", "3"],
    ["\\emptyset", "\\{\\}"],
    ["\\mathbb{R}", "(-\\infty,\\infty)"],
    ["2:3", "\\frac{2}{3}"],
    ["\\binom{5}{2}", "10"],
    ["2+3j", "2+3i"],
    ["\\begin{bmatrix}1&2\\\\3&4\\end{bmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}"],
    ["\\begin{vmatrix}1&0.5\\end{vmatrix}", "\\begin{pmatrix}1&\\frac{1}{2}\\end{pmatrix}"],
    ["\\begin{Bmatrix}1\\\\2\\end{Bmatrix}", "\\begin{matrix}1\\\\2\\end{matrix}"],
    ["2p+2q=2", "p+q=1"],
    ["-p-q=-1", "p+q=1"],
    ["3,1,2", "1,2,3"],
    ["\\{3,1\\}", "\\{1,3\\}"],
    ["March 5", "5"],
  ])("\\boxed{%s} equals gold %s", (answer, gold) => {
    expect(grade(`\\boxed{${answer}}`, gold).isCorrect).toBe(true);
  });
  it.each([
    ["No", "yes"],
    ["c", "D"],
    ["5", "0.5"],
    ["\\binom{5}{3}", "15"],
    ["3:2", "\\frac{2}{3}"],
    ["\\begin{bmatrix}1&2\\\\3&5\\end{bmatrix}", "\\begin{pmatrix}1&2\\\\3&4\\end{pmatrix}"],
    ["2p+2q=3", "p+q=1"],
    ["0p+0q=0", "p+q=1"],
    ["1,2,4", "1,2,3"],
  ])("\\boxed{%s} differs from gold %s", (answer, gold) => {
    expect(grade(`\\boxed{${answer}}`, gold).isCorrect).toBe(false);
  });
  it("numbers within isclose(abs_tol=1e-4) — absolute, unlike Qwen's relative tolerance", () => {
    expect(grade("\\boxed{0.00005}", "0").isCorrect).toBe(true);
    expect(grade("\\boxed{1000001}", "1000000").isCorrect).toBe(false);
  });
});

// Ported from ai-dynamo/aiperf tests/unit/accuracy/test_math_grader.py@361e15387a7882c0079bbb0b8ec86c7eb55842f8
// (the MathGrader cases; the stdlib-fallback helpers _stdlib_normalize/_to_fraction are not part of our grader).
describe("aiperf's test_math_grader.py", () => {
  it.each([
    ["\\boxed{42}", "42"],
    ["Some prose. \\boxed{42}", "42"],
    ["\\boxed{42} and more", "42"],
    ["\\boxed{1}\\boxed{2}\\boxed{3}", "3"],
    ["\\boxed{\\frac{1}{2}}", "\\frac{1}{2}"],
    ["\\boxed{a\\cdot b^{n+1}}", "a\\cdot b^{n+1}"],
    ["\\boxed{}", ""],
    ["First try \\boxed{99}, but actually the answer is \\boxed{42}.", "42"],
  ])("extracts the last boxed of %j: %j", (text, expected) => {
    expect(aiperfExtractAnswer(text)).toMatchObject({ answer: expected, isUnparsed: false });
  });
  it.each([
    ["After careful thought, the answer is 42.", "42"],
    ["I think it might be 99 or 42", "42"],
    ["the answer is 3.14", "3.14"],
    ["final answer: 0.5", "0.5"],
    ["Answer = 100.001", "100.001"],
    ["the answer is -2.5", "-2.5"],
    ["the answer is 5. Wait, the answer is 12", "12"],
    ["My first thought: the answer is 7. After reflection, the answer is 9.", "9"],
    ["the answer is 5\nthe answer is 12", "12"],
    ["Final answer: 5. Hmm, actually final answer: 12.", "12"],
    ["the answer is 3.14\nand more context follows", "3.14"],
    ["the answer is X. The rest is unrelated.", "X"],
    ["the answer is 5.\nMore reasoning", "5"],
    ["The answer is \\frac{1}{2}.", "\\frac{1}{2}"],
    ["the answer is \\sqrt{2}", "\\sqrt{2}"],
    ["final answer: \\pi", "\\pi"],
    ["The answer is {1,2,3}", "{1,2,3}"],
    ["the answer is \\binom{n}{2}", "\\binom{n}{2}"],
    ["price: $99.99 plus tax", "99.99"],
  ])("falls back (unparsed) on %j: %j", (text, expected) => {
    expect(aiperfExtractAnswer(text)).toMatchObject({ answer: expected, isUnparsed: true });
  });
  it("extraction edge cases", () => {
    expect(aiperfExtractAnswer("the answer is \\boxed{42}")).toMatchObject({
      answer: "42",
      isUnparsed: false,
    });
    expect(aiperfExtractAnswer("I don't know.").answer).toContain("don't know");
    expect(aiperfExtractAnswer("  \\boxed{42}  ").answer).toBe("42");
    expect(aiperfExtractAnswer("\\boxed{\\dfrac{1}{2}}").answer).toBe("\\dfrac{1}{2}");
    expect(lastBoxedContent("\\boxed{42")).toBeUndefined();
    expect(lastBoxedContent("\\boxed{\\frac{1}{2}")).toBeUndefined();
  });
  it.each([
    ["\\boxed{42}", "42", true],
    ["\\boxed{99}", "42", false],
    ["\\boxed{0.5}", "1/2", true],
    ["\\boxed{\\dfrac{1}{2}}", "0.5", true],
    ["\\boxed{-7}", "-7", true],
    ["\\boxed{0}", "0", true],
    ["$\\boxed{42}$", "42", true],
    ["\\boxed{\\left(\\dfrac{1}{2}\\right)}", "1/2", true],
    ["The answer is \\frac{1}{2}", "1/2", true],
    ["Initially I thought 99, but recomputing gives \\boxed{42}.", "42", true],
    ["Try \\boxed{99}. Wait, actually \\boxed{42}.", "42", true],
    ["the answer is 42, oops I mean \\boxed{99}", "42", false],
    ["Therefore, after computing, \\boxed{42} is the answer.", "42", true],
    ["∴ \\boxed{42} ✓", "42", true],
    [`${"Step. ".repeat(5000)}\\boxed{42}`, "42", true],
    ["\\boxed{42}", "  42  ", true],
  ])("grades %j against %j: %s", (response, gold, expected) => {
    expect(grade(response, gold).isCorrect).toBe(expected);
  });
  it("unparsed flags: blank responses, an empty box, an unbalanced box, a negated phrase", () => {
    expect(grade("", "42")).toMatchObject({ isCorrect: false, isUnparsed: true });
    expect(grade("   \n\n  \t  ", "42")).toMatchObject({ isCorrect: false, isUnparsed: true });
    expect(grade("\\boxed{}", "42")).toMatchObject({ isCorrect: false, isUnparsed: false });
    expect(grade("\\boxed{42 trailing", "42")).toMatchObject({ isCorrect: true, isUnparsed: true });
    expect(grade("the answer is not 99", "42")).toMatchObject({ isCorrect: false, isUnparsed: true });
  });
});
