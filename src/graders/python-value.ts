// The Python values BFCL's checker compares: int/float/bool/str/None/list/tuple/dict, with Python's `type()` and `==`.

import { pythonFloatRepr, pythonStringRepr } from "./python-repr.js";
/**
 * A Python `float` whose value is integral (`1.0`, `3e3`). JavaScript cannot tell `1.0` from `1`, and BFCL's type
 * checks can (`type(value) == float`), so decoders keep such floats wrapped. Non-integral numbers are floats anyway.
 */
export class PythonFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
  }
}

/** A Python `tuple` (decoded from `(1, 2)`); a JavaScript array is a Python `list`. */
export class PythonTuple {
  readonly items: readonly unknown[];
  constructor(items: readonly unknown[]) {
    this.items = items;
  }
}

export type PythonTypeName =
  | "NoneType"
  | "bool"
  | "int"
  | "float"
  | "str"
  | "list"
  | "tuple"
  | "dict"
  | "object";

/** Whether the value is a plain object, which stands for a Python `dict`. */
export function isPythonDict(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** Python's `type(value).__name__`. */
export function pythonTypeName(value: unknown): PythonTypeName {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "bigint") return "int";
  if (typeof value === "number") return Number.isInteger(value) && !Object.is(value, -0) ? "int" : "float";
  if (value instanceof PythonFloat) return "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  if (value instanceof PythonTuple) return "tuple";
  if (isPythonDict(value)) return "dict";
  return "object";
}

/** The numeric value of an int/float/bool, for Python's numeric `==`; undefined for anything else. */
function numericValue(value: unknown): number | bigint | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" || typeof value === "bigint") return value;
  if (value instanceof PythonFloat) return value.value;
  return undefined;
}

function numbersEqual(left: number | bigint, right: number | bigint): boolean {
  if (typeof left === "bigint" && typeof right === "bigint") return left === right;
  if (typeof left === "number" && typeof right === "number") return left === right;
  const asNumber = typeof left === "number" ? left : (right as number);
  const asBigint = typeof left === "bigint" ? left : (right as bigint);
  return Number.isInteger(asNumber) && BigInt(asNumber) === asBigint;
}

/** Python's `left == right` for these values (`1 == 1.0 == True`, `[1] != (1,)`, dicts by keys and values). */
export function pythonEquals(left: unknown, right: unknown): boolean {
  const leftNumber = numericValue(left);
  const rightNumber = numericValue(right);
  if (leftNumber !== undefined || rightNumber !== undefined) {
    return leftNumber !== undefined && rightNumber !== undefined && numbersEqual(leftNumber, rightNumber);
  }
  const leftType = pythonTypeName(left);
  if (leftType !== pythonTypeName(right)) return false;
  if (leftType === "NoneType") return true;
  if (leftType === "str") return left === right;
  if (leftType === "list" || leftType === "tuple") {
    const leftItems = leftType === "list" ? (left as unknown[]) : (left as PythonTuple).items;
    const rightItems = leftType === "list" ? (right as unknown[]) : (right as PythonTuple).items;
    return (
      leftItems.length === rightItems.length &&
      leftItems.every((item, index) => pythonEquals(item, rightItems[index]))
    );
  }
  if (leftType === "dict") {
    const leftDict = left as Record<string, unknown>;
    const rightDict = right as Record<string, unknown>;
    const keys = Object.keys(leftDict);
    return (
      keys.length === Object.keys(rightDict).length &&
      keys.every((key) => Object.hasOwn(rightDict, key) && pythonEquals(leftDict[key], rightDict[key]))
    );
  }
  return left === right;
}

/** Python's `needle in haystack` for a list: `==` against each item. */
export function pythonIncludes(haystack: readonly unknown[], needle: unknown): boolean {
  return haystack.some((item) => pythonEquals(needle, item));
}

/** Python's `repr(value)` for these values (used in BFCL's error messages). */
export function pythonRepr(value: unknown): string {
  const type = pythonTypeName(value);
  switch (type) {
    case "NoneType":
      return "None";
    case "bool":
      return value ? "True" : "False";
    case "int":
      return String(value);
    case "float":
      return pythonFloatRepr(value instanceof PythonFloat ? value.value : (value as number));
    case "str":
      return pythonStringRepr(value as string);
    case "list":
      return `[${(value as unknown[]).map(pythonRepr).join(", ")}]`;
    case "tuple": {
      const items = (value as PythonTuple).items;
      return items.length === 1 ? `(${pythonRepr(items[0])},)` : `(${items.map(pythonRepr).join(", ")})`;
    }
    case "dict":
      return `{${Object.entries(value as Record<string, unknown>)
        .map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`)
        .join(", ")}}`;
    case "object":
      return String(value);
    default: {
      const unreachable: never = type;
      return unreachable;
    }
  }
}

/** The characters (code points) of a Python `str`, as `len()` and indexing see them. */
export function pythonCharacters(text: string): string[] {
  return Array.from(text);
}

/** What BFCL's Python would have raised (`TypeError`, `KeyError`…) on input it does not expect. */
export class PythonRuntimeError extends Error {}

/** `[x[j] for j in range(len(x))]` as Python runs it: a str's characters, a list's items; raises otherwise. */
export function pythonIndexedItems(value: unknown): unknown[] {
  const type = pythonTypeName(value);
  if (type === "str") return pythonCharacters(value as string);
  if (type === "list") return [...(value as unknown[])];
  if (type === "tuple") return [...(value as PythonTuple).items];
  if (type === "dict" && Object.keys(value as object).length === 0) return [];
  if (type === "dict") throw new PythonRuntimeError("KeyError: 0");
  throw new PythonRuntimeError(`TypeError: object of type '${type}' has no len()`);
}

/** Python's `needle in container` for a str (substring), list/tuple (`==`), dict (key); raises otherwise. */
export function pythonContains(container: unknown, needle: unknown): boolean {
  const type = pythonTypeName(container);
  if (type === "str") {
    if (typeof needle !== "string") {
      throw new PythonRuntimeError(`TypeError: 'in <string>' requires string as left operand`);
    }
    return (container as string).includes(needle);
  }
  if (type === "list") return pythonIncludes(container as unknown[], needle);
  if (type === "tuple") return pythonIncludes((container as PythonTuple).items, needle);
  if (type === "dict") return typeof needle === "string" && Object.hasOwn(container as object, needle);
  throw new PythonRuntimeError(`TypeError: argument of type '${type}' is not iterable`);
}

/** A deep copy that keeps `PythonFloat` / `PythonTuple` (structuredClone would turn them into plain objects). */
export function clonePythonValue<T>(value: T): T {
  if (value instanceof PythonFloat) return value;
  if (value instanceof PythonTuple) return new PythonTuple(value.items.map(clonePythonValue)) as T;
  if (Array.isArray(value)) return value.map(clonePythonValue) as T;
  if (isPythonDict(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, clonePythonValue(item)])) as T;
  }
  return value;
}
