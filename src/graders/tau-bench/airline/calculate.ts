// `calculate`: the arithmetic of an expression of digits, `+ - * / ( ) .` and spaces, as τ-bench evaluates it —
// `str(round(float(eval(expression)), 2))`, an exception inside as `Error: <message>` in the output.

import { type PyValue, pyFloat, pyRound, pyStr } from "../python-data.js";
import { PythonException, type TauTool } from "../tau-tool.js";
import { evaluateCalculatorExpression } from "./calculator-expression.js";
import { calcToFloat } from "./calculator-values.js";
import { pyIterate, pyTypeName } from "./python-ops.js";

const ALLOWED = "0123456789+-*/(). ";

/** Python's `char in ALLOWED` for one item of the expression (a substring test when the item is a str). */
function isAllowed(item: PyValue): boolean {
  if (typeof item !== "string") {
    throw new PythonException(
      "TypeError",
      `'in <string>' requires string as left operand, not ${pyTypeName(item)}`,
    );
  }
  return ALLOWED.includes(item);
}

function calculate(expression: PyValue): string {
  // The character check runs outside τ-bench's try: its TypeErrors (a non-iterable, a non-str item) propagate.
  if (!pyIterate(expression).every(isAllowed)) return "Error: invalid characters in expression";
  try {
    if (typeof expression !== "string") {
      throw new PythonException("TypeError", "eval() arg 1 must be a string, bytes or code object");
    }
    const value = calcToFloat(evaluateCalculatorExpression(expression));
    return pyStr(pyRound(pyFloat(value), 2));
  } catch (error) {
    if (error instanceof PythonException) return `Error: ${error.message}`;
    throw error;
  }
}

export const calculateTool: TauTool = {
  name: "calculate",
  className: "Calculate",
  parameters: [{ name: "expression" }],
  invoke: (data, args) => ({ output: calculate(args.get("expression") ?? null), data }),
};
