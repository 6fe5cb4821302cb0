// calculate: each case's output as τ-bench 59a200c's Python 3.11 gives it.
import { describe, expect, it } from "vitest";
import { loadPyJson } from "../python-data.js";
import { callTauTool } from "../tau-tool.js";
import { calculateTool } from "./calculate.js";

const calculate = (expression: ReturnType<typeof loadPyJson>) =>
  callTauTool(calculateTool, new Map(), new Map([["expression", expression]])).output;

describe("calculate", () => {
  it.each([
    ["2 + 2", "4.0"],
    ["(250 + 5) * 3", "765.0"],
    ["1 / 3", "0.33"],
    ["10/4", "2.5"],
    ["7 // 2", "3.0"],
    ["-7 // 2", "-4.0"],
    ["2 ** 10", "1024.0"],
    ["2 ** -1", "0.5"],
    ["-2 ** 2", "-4.0"],
    ["2.675 * 1", "2.67"],
    ["0.125", "0.12"],
    ["0.375", "0.38"],
    ["-0.001", "-0.0"],
    ["123456789 * 987654321", "1.2193263111263526e+17"],
    ["10 ** 400 / 10 ** 399", "10.0"],
    ["(10**30+1)/(10**15)", "1000000000000000.0"],
    ["2 + x", "Error: invalid characters in expression"],
    ["1e5", "Error: invalid characters in expression"],
    ["", "Error: invalid syntax (<string>, line 0)"],
    ["   ", "Error: invalid syntax (<string>, line 0)"],
    ["1 +", "Error: invalid syntax (<string>, line 1)"],
    ["1 2", "Error: invalid syntax (<string>, line 1)"],
    ["(1 2)", "Error: invalid syntax. Perhaps you forgot a comma? (<string>, line 1)"],
    ["(1 + 2", "Error: '(' was never closed (<string>, line 1)"],
    ["1 + 2)", "Error: unmatched ')' (<string>, line 1)"],
    [
      "01",
      "Error: leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers (<string>, line 1)",
    ],
    ["1..2", "Error: invalid syntax (<string>, line 1)"],
    ["1 / 0", "Error: division by zero"],
    ["1 / 0.0", "Error: float division by zero"],
    ["1 // 0", "Error: integer division or modulo by zero"],
    ["1.0 // 0", "Error: float floor division by zero"],
    ["0 ** -1", "Error: 0.0 cannot be raised to a negative power"],
    ["2 ** 10000", "Error: int too large to convert to float"],
    ["2.0 ** 10000", "Error: (34, 'Numerical result out of range')"],
    ["(-8) ** 0.5", "Error: float() argument must be a string or a real number, not 'complex'"],
    ["()", "Error: float() argument must be a string or a real number, not 'tuple'"],
    ["...", "Error: float() argument must be a string or a real number, not 'ellipsis'"],
    ["(1)(2)", "Error: 'int' object is not callable"],
    ["() + 1", 'Error: can only concatenate tuple (not "int") to tuple'],
    ["(*1)", "Error: cannot use starred expression here (<string>, line 1)"],
    ["1(*2)", "Error: 1 argument after * must be an iterable, not int"],
    ["(-8) ** 0.5 / 0", "Error: complex division by zero"],
    ["1e308 * 10", "Error: invalid characters in expression"],
    [
      "9999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999999.0 * 1",
      "inf",
    ],
  ])("%j gives %j", (expression, expected) => {
    expect(calculate(expression)).toBe(expected);
  });

  it.each([
    ["5", "Error: 'int' object is not iterable"],
    ["null", "Error: 'NoneType' object is not iterable"],
    ['["1", "+", "2"]', "Error: eval() arg 1 must be a string, bytes or code object"],
    ["[1]", "Error: 'in <string>' requires string as left operand, not int"],
    ['{"1": 2}', "Error: eval() arg 1 must be a string, bytes or code object"],
  ])("a non-str expression %s gives %j", (json, expected) => {
    expect(calculate(loadPyJson(json))).toBe(expected);
  });

  it("changes nothing", () => {
    const data = new Map([["users", new Map()]]);
    expect(callTauTool(calculateTool, data, new Map([["expression", "1+1"]])).data).toBe(data);
  });
});
