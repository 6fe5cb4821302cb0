// Evaluates a parsed `calculate` expression in Python's order (left operand, right operand, then the operation; a
// callee, then its argument, then the call), raising what Python raises.
import { PythonException } from "../tau-tool.js";
import type { CalcArgument, CalcNode } from "./calc-parser.js";
import {
  binaryOperation,
  type CalcValue,
  calcStr,
  ELLIPSIS,
  EMPTY_TUPLE,
  floatValue,
  intValue,
  unaryOperation,
} from "./calc-values.js";

/** Nothing here is callable; a starred argument is checked first, as CPython does before calling. */
function call(callee: CalcValue, argument: CalcArgument | undefined, value: CalcValue | undefined): never {
  if (argument !== undefined && value !== undefined && argument.stars === 1 && value.type !== "tuple") {
    throw new PythonException(
      "TypeError",
      `${calcStr(callee)} argument after * must be an iterable, not ${value.type}`,
    );
  }
  if (argument !== undefined && value !== undefined && argument.stars === 2) {
    throw new PythonException(
      "TypeError",
      `${calcStr(callee)} argument after ** must be a mapping, not ${value.type}`,
    );
  }
  throw new PythonException("TypeError", `'${callee.type}' object is not callable`);
}

export function evaluateCalc(node: CalcNode): CalcValue {
  switch (node.kind) {
    case "number":
      return node.isFloat ? floatValue(Number(node.text)) : intValue(BigInt(node.text));
    case "tuple":
      return EMPTY_TUPLE;
    case "ellipsis":
      return ELLIPSIS;
    case "unary":
      return unaryOperation(node.operator, evaluateCalc(node.operand));
    case "binary": {
      const left = evaluateCalc(node.left);
      const right = evaluateCalc(node.right);
      return binaryOperation(node.operator, left, right);
    }
    case "call": {
      const callee = evaluateCalc(node.callee);
      const value = node.argument === undefined ? undefined : evaluateCalc(node.argument.value);
      return call(callee, node.argument, value);
    }
  }
}
