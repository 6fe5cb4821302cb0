// calculate: upstream screens the expression to digits, `+-*/().` and spaces, then returns
// `str(round(float(eval(expression)), 2))`, catching any exception as `Error: <message>`. Here the expression is
// parsed and evaluated with Python's semantics instead of being run.

import { evaluateCalc } from "./calculator/calc-evaluate.js";
import { CalcSyntaxError, parseCalc } from "./calculator/calc-parser.js";
import { toPythonFloat } from "./calculator/calc-values.js";
import { type PyValue, pyFloat, pyRound, pyStr } from "./python-data.js";
import { pyIterate, pyTypeName } from "./python-ops.js";
import { PythonException, type TauTool } from "./tau-tool.js";
import { argument, requiredParameters } from "./tool-arguments.js";

const ALLOWED = "0123456789+-*/(). ";

/**
 * `all(char in ALLOWED for char in expression)`: raises outside upstream's try as Python would for an expression
 * that is not a string (an int is not iterable; a list's non-string item cannot be looked for in a string).
 */
function hasOnlyAllowedCharacters(expression: PyValue): boolean {
  for (const item of pyIterate(expression)) {
    if (typeof item !== "string") {
      throw new PythonException(
        "TypeError",
        `'in <string>' requires string as left operand, not ${pyTypeName(item)}`,
      );
    }
    if (!ALLOWED.includes(item)) return false;
  }
  return true;
}

/** `str(round(float(eval(expression)), 2))` or upstream's `Error: …` for whatever it raises. */
function calculateText(expression: string): string {
  try {
    const value = toPythonFloat(evaluateCalc(parseCalc(expression)));
    return pyStr(pyRound(pyFloat(value), 2));
  } catch (error) {
    if (error instanceof CalcSyntaxError || error instanceof PythonException)
      return `Error: ${error.message}`;
    throw error;
  }
}

export const calculate: TauTool = {
  name: "calculate",
  className: "Calculate",
  parameters: requiredParameters("expression"),
  invoke: (data, args) => {
    const expression = argument(args, "expression");
    if (!hasOnlyAllowedCharacters(expression))
      return { output: "Error: invalid characters in expression", data };
    const output =
      typeof expression === "string"
        ? calculateText(expression)
        : "Error: eval() arg 1 must be a string, bytes or code object";
    return { output, data };
  },
};
