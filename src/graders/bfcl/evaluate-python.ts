// Python's `eval` of a literal arithmetic expression (BFCL evaluates binary operations such as `2*3` or `"a"+"b"`).

import { PythonFloat, PythonRuntimeError, PythonTuple, pythonTypeName } from "../python-value.js";
import { ELLIPSIS, type PythonNode } from "./parse-python-expression.js";

type Numeric = { value: number; isFloat: boolean };

function asNumeric(value: unknown): Numeric | undefined {
  if (typeof value === "boolean") return { value: value ? 1 : 0, isFloat: false };
  if (typeof value === "bigint") return { value: Number(value), isFloat: false };
  if (typeof value === "number") return { value, isFloat: !Number.isInteger(value) };
  if (value instanceof PythonFloat) return { value: value.value, isFloat: true };
  return undefined;
}

function toPython({ value, isFloat }: Numeric): unknown {
  if (!isFloat) return value + 0;
  return Number.isInteger(value) || Object.is(value, -0) ? new PythonFloat(value) : value;
}

function floorMod(left: number, right: number): number {
  const remainder = left % right;
  return remainder !== 0 && remainder < 0 !== right < 0 ? remainder + right : remainder;
}

function integerArithmetic(op: string, a: bigint, b: bigint): unknown {
  let result: bigint;
  if (op === "+") result = a + b;
  else if (op === "-") result = a - b;
  else if (op === "*") result = a * b;
  else if (op === "**" && b >= 0n) result = a ** b;
  else if (op === "//") result = a / b - (a % b !== 0n && a < 0n !== b < 0n ? 1n : 0n);
  else if (op === "%") result = ((a % b) + b) % b;
  else return undefined;
  return result >= BigInt(Number.MIN_SAFE_INTEGER) && result <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(result)
    : result;
}

function arithmetic(op: string, left: Numeric, right: Numeric): unknown {
  const isFloat = left.isFloat || right.isFloat;
  if (!isFloat && right.value !== 0) {
    const exact = integerArithmetic(op, BigInt(left.value), BigInt(right.value));
    if (exact !== undefined) return exact;
  }
  const a = left.value;
  const b = right.value;
  if ((op === "/" || op === "//" || op === "%") && b === 0) throw new PythonRuntimeError("ZeroDivisionError");
  switch (op) {
    case "+":
      return toPython({ value: a + b, isFloat });
    case "-":
      return toPython({ value: a - b, isFloat });
    case "*":
      return toPython({ value: a * b, isFloat });
    case "/":
      return toPython({ value: a / b, isFloat: true });
    case "//":
      return toPython({ value: Math.floor(a / b), isFloat });
    case "%":
      return toPython({ value: floorMod(a, b), isFloat });
    case "**":
      if (a < 0 && !Number.isInteger(b)) throw new PythonRuntimeError("complex results are not supported");
      return toPython({ value: a ** b, isFloat: isFloat || b < 0 });
    default:
      if (isFloat) throw new PythonRuntimeError(`TypeError: unsupported operand type(s) for ${op}`);
      return bitwise(op, a, b);
  }
}

function bitwise(op: string, a: number, b: number): number {
  const left = BigInt(a);
  const right = BigInt(b);
  const result =
    op === "|"
      ? left | right
      : op === "^"
        ? left ^ right
        : op === "&"
          ? left & right
          : op === "<<"
            ? left << right
            : left >> right;
  return Number(result);
}

function sequenceItems(value: unknown): readonly unknown[] | string | undefined {
  if (typeof value === "string" || Array.isArray(value)) return value;
  if (value instanceof PythonTuple) return value.items;
  return undefined;
}

function rebuild(like: unknown, items: readonly unknown[] | string): unknown {
  if (typeof items === "string") return items;
  return like instanceof PythonTuple ? new PythonTuple(items) : [...items];
}

function binary(op: string, left: unknown, right: unknown): unknown {
  const leftNumber = asNumeric(left);
  const rightNumber = asNumeric(right);
  if (leftNumber !== undefined && rightNumber !== undefined) return arithmetic(op, leftNumber, rightNumber);
  const leftItems = sequenceItems(left);
  const rightItems = sequenceItems(right);
  if (op === "+" && leftItems !== undefined && pythonTypeName(left) === pythonTypeName(right)) {
    return rebuild(
      left,
      typeof leftItems === "string"
        ? leftItems + (rightItems as string)
        : [...leftItems, ...(rightItems as unknown[])],
    );
  }
  if (op === "*") {
    const [items, count, like] =
      leftItems !== undefined && rightNumber !== undefined && !rightNumber.isFloat
        ? [leftItems, rightNumber.value, left]
        : [rightItems, leftNumber?.isFloat === false ? leftNumber.value : undefined, right];
    if (items !== undefined && count !== undefined) {
      const times = Math.max(0, count);
      return rebuild(
        like,
        typeof items === "string" ? items.repeat(times) : Array.from({ length: times }, () => items).flat(),
      );
    }
  }
  throw new PythonRuntimeError(
    `TypeError: unsupported operand type(s) for ${op}: '${pythonTypeName(left)}' and '${pythonTypeName(right)}'`,
  );
}

/** Python's `eval(ast.unparse(node))` for literals, containers, unary and binary operators; raises otherwise. */
export function evaluatePython(node: PythonNode): unknown {
  switch (node.kind) {
    case "constant":
      if (node.isBytes === true) throw new PythonRuntimeError("bytes values are not supported");
      return node.value === ELLIPSIS ? "..." : node.value;
    case "list":
      return node.elts.map(evaluatePython);
    case "tuple":
      return new PythonTuple(node.elts.map(evaluatePython));
    case "unary": {
      const operand = evaluatePython(node.operand);
      if (node.op === "not") throw new PythonRuntimeError("'not' is not supported");
      const numeric = asNumeric(operand);
      if (numeric === undefined)
        throw new PythonRuntimeError(`TypeError: bad operand type for unary ${node.op}`);
      if (node.op === "~") {
        if (numeric.isFloat) throw new PythonRuntimeError("TypeError: bad operand type for unary ~");
        return -numeric.value - 1;
      }
      return toPython({ value: node.op === "-" ? -numeric.value : numeric.value, isFloat: numeric.isFloat });
    }
    case "binop":
      return binary(node.op, evaluatePython(node.left), evaluatePython(node.right));
    default:
      throw new PythonRuntimeError(`evaluating ${node.kind} is not supported`);
  }
}
