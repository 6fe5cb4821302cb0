// Math-Verify's non-parametrised tests (precision, configs, string extraction, raise_on_error, timeouts) ported by hand.
// Facts from huggingface/Math-Verify tests/*.py@5d148cfaaf99214c2e4ffb4bc497ab042c592a7a
import { describe, expect, it } from "vitest";
import { addFlat, type MathValue, rational } from "../math-value.js";
import { parseAnswer } from "../parse-answer.js";
import { ComparisonAbort, verifyAnswer } from "../verify-answer.js";

const float = (value: number): MathValue => ({ type: "float", value });
const oneThird = rational(1n, 3n);
const latexAndExpr = [{ kind: "latex", boxedMatchPriority: 0 } as const, { kind: "expr" } as const];

describe("tests/test_all.py::test_precision", () => {
  it("rounds a float to float_rounding places before comparing", () => {
    expect(verifyAnswer([oneThird], [float(0.333)], { floatRounding: 3 })).toBe(true);
    expect(verifyAnswer([oneThird], [float(0.333)], { floatRounding: 4 })).toBe(false);
    expect(verifyAnswer([addFlat(oneThird, rational(1n))], [float(1.333)], { floatRounding: 3 })).toBe(true);
    expect(verifyAnswer([addFlat(oneThird, rational(1n))], [float(1.333)], { floatRounding: 4 })).toBe(false);
  });
  it("reads the rounding from LaTeX too", () => {
    const gold = parseAnswer("$\\frac{1}{3}$", { targets: latexAndExpr });
    expect(verifyAnswer(gold, parseAnswer("0.3333$", { targets: latexAndExpr }), { floatRounding: 4 })).toBe(
      true,
    );
  });
});

describe("tests/test_configs.py", () => {
  const firstOnly = { fallbackMode: "no_fallback", extractionMode: "first_match" } as const;
  it("test_boxed_match_priority: boxed at 50 by default, never at -1, after 'final answer is' at 100", () => {
    expect(
      parseAnswer("\\boxed{1}", { targets: [{ kind: "latex", boxedMatchPriority: 50 }], ...firstOnly }),
    ).toHaveLength(1);
    expect(
      parseAnswer("\\boxed{1}", { targets: [{ kind: "latex", boxedMatchPriority: -1 }], ...firstOnly }),
    ).toHaveLength(0);
    const [first] = parseAnswer("final answer is $9999$, \\boxed{1}", {
      targets: [{ kind: "latex", boxedMatchPriority: 100 }],
      ...firstOnly,
    });
    expect(first).toEqual(rational(9999n));
  });
  it("test_normalization_config: without malformed-operator fixes \\frac12 does not parse", () => {
    const normalization = {
      basicLatex: true,
      units: true,
      nits: true,
      boxed: "all",
      equations: true,
    } as const;
    const targets = [{ kind: "latex", boxedMatchPriority: 50 }] as const;
    expect(
      parseAnswer("$\\frac12$", {
        targets,
        normalization: { ...normalization, malformedOperators: false },
        ...firstOnly,
      }),
    ).toEqual([]);
    expect(
      parseAnswer("$\\frac12$", {
        targets,
        normalization: { ...normalization, malformedOperators: true },
        ...firstOnly,
      }),
    ).toEqual([rational(1n, 2n)]);
  });
});

describe("tests/test_string_extraction.py::test_string_extraction", () => {
  const letters = ["A", "B", "C", "D"];
  const cases: [string, string[], { strings?: string[]; isLowercase?: boolean }][] = [
    ["The answer is A.", ["A", "A"], { isLowercase: false }],
    ["The answer is A.", ["a", "A"], { isLowercase: true }],
    ["Final answer is B", ["b", "B"], {}],
    ["No valid answer here", [], {}],
    ["A. Because B is not valid", ["a", "A"], {}],
    ["The answer is U.", ["u", "U"], { strings: ["U"] }],
    ["Because B is valid", ["b", "B"], {}],
  ];
  for (const [text, expected, config] of cases) {
    it(`${text} → ${JSON.stringify(expected)}`, () => {
      const target = {
        kind: "string",
        strings: config.strings ?? letters,
        isLowercase: config.isLowercase ?? true,
      } as const;
      expect(parseAnswer(text, { targets: [target] })).toEqual(expected);
    });
  }
});

describe("tests/test_raise_on_error.py::test_verify_raise_on_error", () => {
  // The reference patches sympy_expr_eq to raise; here the comparison of a gold `12:00` (12/0, sympy's zoo) aborts.
  const gold = parseAnswer("$12:00$", { targets: latexAndExpr, fallbackMode: "no_fallback" });
  it("returns false when the comparison fails", () => {
    expect(verifyAnswer(gold, gold)).toBe(false);
  });
  it("re-raises with raise_on_error", () => {
    expect(() => verifyAnswer(gold, gold, { isRaisingOnError: true })).toThrow(ComparisonAbort);
  });
});

describe("tests/test_timeout.py (timeouts are an input-size bound here)", () => {
  const bounded = { maxInputLength: 2, extractionMode: "first_match", fallbackMode: "no_fallback" } as const;
  it("test_timeout_expr: an expression over the bound is not parsed", () => {
    expect(parseAnswer("1+1", { targets: [{ kind: "expr" }], ...bounded })).toEqual([]);
  });
  it("test_timeout_latex: LaTeX over the bound is not parsed", () => {
    expect(
      parseAnswer("$1+1$", {
        targets: [{ kind: "latex", boxedMatchPriority: 50 }, { kind: "expr" }],
        ...bounded,
      }),
    ).toEqual([]);
  });
  it("test_timeout_verify: a comparison that cannot finish is not equal (an aborted one counts false)", () => {
    const gold = parseAnswer("$12:00$", { targets: latexAndExpr, fallbackMode: "no_fallback" });
    expect(verifyAnswer(gold, gold)).toBe(false);
  });
});
