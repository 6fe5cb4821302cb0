import { describe, expect, it } from "vitest";
import { calculate } from "./calculate.js";
import { loadPyJson, type PyValue, pyRepr } from "./python-data.js";
import { callTauTool } from "./tau-tool.js";

/** Upstream's observation for `calculate(expression)` (expected values computed with CPython 3.11). */
function calc(expression: PyValue): string {
  const data = new Map<string, PyValue>();
  const outcome = callTauTool(calculate, data, new Map([["expression", expression]]));
  expect(outcome.data).toBe(data);
  return outcome.output;
}

/** One test per case, named by the expression's repr (a long one shortened so the report stays readable). */
function named(
  cases: readonly (readonly [PyValue, string])[],
): { name: string; expression: PyValue; output: string }[] {
  return cases.map(([expression, output]) => {
    const repr = pyRepr(expression);
    const name = repr.length > 60 ? `${repr.slice(0, 40)}… (${repr.length} chars)` : repr;
    return { name, expression, output };
  });
}

const RESULTS: readonly (readonly [string, string])[] = [
  ["149.99 + 29.99 - 10", "169.98"],
  ["(1200 - 1000) * 0.1", "20.0"],
  ["1/3", "0.33"],
  ["2.675", "2.67"],
  ["1.005*1000", "1005.0"],
  ["2 ** 3 ** 2", "512.0"],
  ["-2**2", "-4.0"],
  ["7//-2.0", "-4.0"],
  ["-7//2", "-4.0"],
  ["00.5 + .5 + 5.", "6.0"],
  [" 1 ", "1.0"],
  ["0/-5", "-0.0"],
  ["-0.001", "-0.0"],
  ["10**400/10**399", "10.0"],
  ["9.9**300*9.9**300", "inf"],
  ["(9.9**300*9.9**300)*0", "nan"],
  ["123456789012345678901234567890/7", "1.763668414462081e+28"],
  ["2 + 2", "4.0"],
  ["(250 + 5) * 3", "765.0"],
  ["10/4", "2.5"],
  ["7 // 2", "3.0"],
  ["2 ** 10", "1024.0"],
  ["2 ** -1", "0.5"],
  ["2.675 * 1", "2.67"],
  ["0.125", "0.12"],
  ["0.375", "0.38"],
  ["123456789 * 987654321", "1.2193263111263526e+17"],
  ["(10**30+1)/(10**15)", "1000000000000000.0"],
  [`${"9".repeat(400)}.0 * 1`, "inf"],
  [`${"(".repeat(200)}1${")".repeat(200)}`, "1.0"],
];

const ERRORS: readonly (readonly [PyValue, string])[] = [
  ["1e5", "Error: invalid characters in expression"],
  ["2 % 3", "Error: invalid characters in expression"],
  ["2 + x", "Error: invalid characters in expression"],
  ["1e308 * 10", "Error: invalid characters in expression"],
  ["1/0", "Error: division by zero"],
  ["1 / 0.0", "Error: float division by zero"],
  ["1.0/0", "Error: float division by zero"],
  ["1//0", "Error: integer division or modulo by zero"],
  ["1.0//0", "Error: float floor division by zero"],
  ["0**-1", "Error: 0.0 cannot be raised to a negative power"],
  ["10**400", "Error: int too large to convert to float"],
  ["2 ** 10000", "Error: int too large to convert to float"],
  // Too big to compute here; CPython computes it in about a second, then float() overflows.
  ["2**100022007", "Error: int too large to convert to float"],
  ["10**310/1", "Error: integer division result too large for a float"],
  ["10.0**400", "Error: (34, 'Numerical result out of range')"],
  ["2.0 ** 10000", "Error: (34, 'Numerical result out of range')"],
  ["(-8)**(1/3)", "Error: float() argument must be a string or a real number, not 'complex'"],
  ["(-8) ** 0.5", "Error: float() argument must be a string or a real number, not 'complex'"],
  ["(-1)**0.5/0", "Error: complex division by zero"],
  ["(-8) ** 0.5 / 0", "Error: complex division by zero"],
  ["()", "Error: float() argument must be a string or a real number, not 'tuple'"],
  ["...", "Error: float() argument must be a string or a real number, not 'ellipsis'"],
  ["()+1", 'Error: can only concatenate tuple (not "int") to tuple'],
  ["1+()", "Error: unsupported operand type(s) for +: 'int' and 'tuple'"],
  ["()**2", "Error: unsupported operand type(s) for ** or pow(): 'tuple' and 'int'"],
  ["-()", "Error: bad operand type for unary -: 'tuple'"],
  ["(2)(3)", "Error: 'int' object is not callable"],
  ["(1)(*1)", "Error: 1 argument after * must be an iterable, not int"],
  ["1(*2)", "Error: 1 argument after * must be an iterable, not int"],
  ["", "Error: invalid syntax (<string>, line 0)"],
  ["   ", "Error: invalid syntax (<string>, line 0)"],
  ["1+", "Error: invalid syntax (<string>, line 1)"],
  ["1 2", "Error: invalid syntax (<string>, line 1)"],
  ["1..2", "Error: invalid syntax (<string>, line 1)"],
  ["(1 2)", "Error: invalid syntax. Perhaps you forgot a comma? (<string>, line 1)"],
  ["(1 2", "Error: '(' was never closed (<string>, line 1)"],
  ["(1 + 2", "Error: '(' was never closed (<string>, line 1)"],
  ["1 + 2)", "Error: unmatched ')' (<string>, line 1)"],
  ["(1 2))", "Error: unmatched ')' (<string>, line 1)"],
  ["(.55.", "Error: '(' was never closed (<string>, line 1)"],
  ["(*1)", "Error: cannot use starred expression here (<string>, line 1)"],
  ["(**1)", "Error: cannot use double starred expression here (<string>, line 1)"],
  ["(**1", "Error: '(' was never closed (<string>, line 1)"],
  ["(*1 2)", "Error: invalid syntax. Perhaps you forgot a comma? (<string>, line 1)"],
  [`${"(".repeat(201)}1${")".repeat(201)}`, "Error: too many nested parentheses (<string>, line 1)"],
  [`1 2${"(".repeat(201)}`, "Error: too many nested parentheses (<string>, line 1)"],
  [`${"(".repeat(201)}007`, "Error: too many nested parentheses (<string>, line 1)"],
  [
    `007${"(".repeat(201)}`,
    "Error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers (<string>, line 1)",
  ],
  [
    "01",
    "Error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers (<string>, line 1)",
  ],
  [
    "007",
    "Error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers (<string>, line 1)",
  ],
  [7, "Error: 'int' object is not iterable"],
  [[1], "Error: 'in <string>' requires string as left operand, not int"],
  [["1+2"], "Error: invalid characters in expression"],
  [["12"], "Error: eval() arg 1 must be a string, bytes or code object"],
  [null, "Error: 'NoneType' object is not iterable"],
  [loadPyJson('["1", "+", "2"]'), "Error: eval() arg 1 must be a string, bytes or code object"],
  [loadPyJson('{"1": 2}'), "Error: eval() arg 1 must be a string, bytes or code object"],
  [
    "9".repeat(4301),
    "Error: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit - Consider hexadecimal for huge integer literals to avoid decimal conversion limits. (<string>, line 1)",
  ],
];

describe("calculate", () => {
  for (const { name, expression, output } of named(RESULTS)) {
    it(`prints round(float(result), 2) as Python's str does: ${name}`, () => {
      expect(calc(expression)).toBe(output);
    });
  }

  for (const { name, expression, output } of named(ERRORS)) {
    it(`words errors as upstream shows them: ${name}`, () => {
      expect(calc(expression)).toBe(output);
    });
  }

  it("changes nothing", () => {
    const data = new Map([["users", new Map()]]);
    expect(callTauTool(calculate, data, new Map([["expression", "1+1"]])).data).toBe(data);
  });
});
