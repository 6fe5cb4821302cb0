// The Python operations τ-bench's tools apply to the agent's arguments and the data (`x["key"]`, `key in d`, `len`,
// `for`, `==`, `<`, `+ - *`, `.count`, `.lower()`, `sorted`, truthiness), with the exception Python 3.11 raises
// when an argument has the wrong type. An agent's arguments are any JSON and τ-bench shows an exception as
// `Error: <message>`, so these messages are part of the observation of a malformed call.

import {
  isPyDict,
  isPyFloat,
  type PyDict,
  type PyList,
  type PyNumber,
  PythonFloat,
  type PyValue,
  pyAdd,
  pyFloat,
  pyMul,
  pyNumberValue,
  pySub,
} from "./python-data.js";
import { keyError, PythonException } from "./tau-tool.js";

/** Python's `type(value).__name__`. */
export function pyTypeName(value: PyValue): string {
  if (value === null) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "bigint") return "int";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (value instanceof PythonFloat) return "float";
  if (typeof value === "string") return "str";
  if (Array.isArray(value)) return "list";
  return "dict";
}

function typeError(message: string): PythonException {
  return new PythonException("TypeError", message);
}

/** A dict key must be hashable: a list or a dict key raises before any lookup. */
function requireHashable(key: PyValue): void {
  if (Array.isArray(key) || key instanceof Map) throw typeError(`unhashable type: '${pyTypeName(key)}'`);
}

/** `key in d` for a dict (the data's tables are keyed by str, so only a str can be found). */
export function pyHasKey(dict: PyDict, key: PyValue): key is string {
  requireHashable(key);
  return typeof key === "string" && dict.has(key);
}

/** `container[key]` with a str key (a KeyError, or the TypeError of subscripting a non-dict). */
export function pyGetItem(container: PyValue, key: PyValue): PyValue {
  if (container instanceof Map) {
    requireHashable(key);
    const value = typeof key === "string" ? container.get(key) : undefined;
    if (value === undefined) throw keyError(key);
    return value;
  }
  if (Array.isArray(container)) {
    throw typeError(`list indices must be integers or slices, not ${pyTypeName(key)}`);
  }
  if (typeof container === "string") {
    throw typeError(`string indices must be integers, not '${pyTypeName(key)}'`);
  }
  throw typeError(`'${pyTypeName(container)}' object is not subscriptable`);
}

/** `container[key]` where Python goes on to use the value as a dict (the data always has one there). */
export function pyGetDict(container: PyValue, key: PyValue): PyDict {
  const value = pyGetItem(container, key);
  if (!(value instanceof Map)) throw typeError(`'${pyTypeName(value)}' object is not a dict`);
  return value;
}

/** `container[key]` where the data holds a list there. */
export function pyGetList(container: PyValue, key: PyValue): PyList {
  const value = pyGetItem(container, key);
  if (!Array.isArray(value)) throw typeError(`'${pyTypeName(value)}' object is not a list`);
  return value;
}

/** `container[key]` where the data holds a number there. */
export function pyGetNumber(container: PyValue, key: PyValue): PyNumber {
  const value = pyGetItem(container, key);
  if (typeof value === "number" || value instanceof PythonFloat) return value;
  throw typeError(`'${pyTypeName(value)}' object is not a number`);
}

/** `items[0]` (an IndexError on an empty list). */
export function pyFirst(items: PyList): PyValue {
  const first = items[0];
  if (first === undefined) throw new PythonException("IndexError", "list index out of range");
  return first;
}

/** `container[key] = value`. */
export function pySetItem(container: PyValue, key: string, value: PyValue): void {
  if (container instanceof Map) {
    container.set(key, value);
    return;
  }
  if (Array.isArray(container)) throw typeError("list indices must be integers or slices, not str");
  throw typeError(`'${pyTypeName(container)}' object does not support item assignment`);
}

/** `len(value)`. */
export function pyLen(value: PyValue): number {
  if (typeof value === "string") return [...value].length;
  if (Array.isArray(value)) return value.length;
  if (value instanceof Map) return value.size;
  throw typeError(`object of type '${pyTypeName(value)}' has no len()`);
}

/** `for item in value`: a list's items, a dict's keys, a str's characters. */
export function pyIterate(value: PyValue): readonly PyValue[] {
  if (Array.isArray(value)) return value;
  if (value instanceof Map) return [...value.keys()];
  if (typeof value === "string") return [...value];
  throw typeError(`'${pyTypeName(value)}' object is not iterable`);
}

/**
 * Python's `container.count(item)` where `item` is a string taken from `container` by iterating it (a list's item,
 * a string's character); a dict has no `count`.
 */
export function pyCountOwnItem(container: PyValue, item: string): number {
  if (Array.isArray(container)) return container.filter((other) => other === item).length;
  if (typeof container === "string") return [...container].filter((char) => char === item).length;
  throw new PythonException("AttributeError", `'${pyTypeName(container)}' object has no attribute 'count'`);
}

/** Python's `str.lower()` called on `value`. */
export function pyLower(value: PyValue): string {
  if (typeof value !== "string") {
    throw new PythonException("AttributeError", `'${pyTypeName(value)}' object has no attribute 'lower'`);
  }
  return value.toLowerCase();
}

/** Python's truth value (`if value:`). */
export function pyTruthy(value: PyValue): boolean {
  if (value === null || value === false || value === "" || value === 0 || value === 0n) return false;
  if (value instanceof PythonFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (isPyDict(value)) return value.size > 0;
  return true;
}

/** Compares strings by code point, as Python orders them (JavaScript's default compares UTF-16 units). */
export function compareCodePoints(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const difference = (a[index]?.codePointAt(0) ?? 0) - (b[index]?.codePointAt(0) ?? 0);
    if (difference !== 0) return difference;
  }
  return a.length - b.length;
}

/** Python's `sorted(values)` of strings. */
export function sortedStrings(values: readonly string[]): string[] {
  return [...values].sort(compareCodePoints);
}

/** A number as Python computes with it: a bool is the int 0 or 1 (a huge bigint loses precision). */
function numberOf(value: PyValue): PyNumber | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number" || value instanceof PythonFloat) return value;
  return undefined;
}

/** Python's `left == right`. */
export function pyEquals(left: PyValue, right: PyValue): boolean {
  const leftNumber = numberOf(left);
  const rightNumber = numberOf(right);
  if (leftNumber !== undefined || rightNumber !== undefined) {
    return (
      leftNumber !== undefined &&
      rightNumber !== undefined &&
      pyNumberValue(leftNumber) === pyNumberValue(rightNumber)
    );
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => pyEquals(item, right[index] ?? null));
  }
  if (left instanceof Map || right instanceof Map) {
    if (!(left instanceof Map) || !(right instanceof Map) || left.size !== right.size) return false;
    for (const [key, item] of left) {
      const other = right.get(key);
      if (other === undefined || !pyEquals(item, other)) return false;
    }
    return true;
  }
  return left === right;
}

/** Python's `left < right` (`>` swaps the sides, as Python's reflected comparison does). */
export function pyLessThan(left: PyValue, right: PyValue, operator: "<" | ">" = "<"): boolean {
  const leftNumber = numberOf(left);
  const rightNumber = numberOf(right);
  if (leftNumber !== undefined && rightNumber !== undefined) {
    return pyNumberValue(leftNumber) < pyNumberValue(rightNumber);
  }
  if (typeof left === "string" && typeof right === "string") return compareCodePoints(left, right) < 0;
  if (Array.isArray(left) && Array.isArray(right)) {
    for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
      const x = left[index] ?? null;
      const y = right[index] ?? null;
      if (!pyEquals(x, y)) return pyLessThan(x, y, operator);
    }
    return left.length < right.length;
  }
  const [first, second] = operator === "<" ? [left, right] : [right, left];
  throw typeError(
    `'${operator}' not supported between instances of '${pyTypeName(first)}' and '${pyTypeName(second)}'`,
  );
}

/** Python's `left > right`. */
export function pyGreaterThan(left: PyValue, right: PyValue): boolean {
  return pyLessThan(right, left, ">");
}

export type PyArithmeticOperator = "+" | "-" | "*";

/** `sequence * count` (a str or a list repeated; a count ≤ 0 gives an empty one). */
function repeat(sequence: string | PyValue[], count: PyValue): PyValue {
  if (typeof count !== "number" && typeof count !== "boolean" && typeof count !== "bigint") {
    throw typeError(`can't multiply sequence by non-int of type '${pyTypeName(count)}'`);
  }
  if (!isIntegral(count)) throw typeError(`can't multiply sequence by non-int of type 'float'`);
  const times = Math.max(0, Number(count));
  if (typeof sequence === "string") return sequence.repeat(times);
  const result: PyValue[] = [];
  for (let index = 0; index < times; index += 1) result.push(...sequence);
  return result;
}

function isIntegral(value: number | boolean | bigint): boolean {
  return typeof value !== "number" || Number.isInteger(value);
}

function isSequence(value: PyValue): value is string | PyValue[] {
  return typeof value === "string" || Array.isArray(value);
}

/**
 * Python's `left op right` (`left op= right` when `augmented`): numbers keep Python's int/float typing, a str or a
 * list concatenates or repeats; anything else is Python's TypeError.
 */
export function pyArithmetic(
  operator: PyArithmeticOperator,
  left: PyValue,
  right: PyValue,
  augmented = false,
): PyValue {
  const leftNumber = numberOf(left);
  const rightNumber = numberOf(right);
  if (leftNumber !== undefined && rightNumber !== undefined) {
    if (operator === "+") return pyAdd(leftNumber, rightNumber);
    if (operator === "-") return pySub(leftNumber, rightNumber);
    return pyMul(leftNumber, rightNumber);
  }
  if (operator === "+") {
    if (typeof left === "string" && typeof right === "string") return left + right;
    if (Array.isArray(left) && Array.isArray(right)) return [...left, ...right];
    if (isSequence(left)) {
      const kind = pyTypeName(left);
      throw typeError(`can only concatenate ${kind} (not "${pyTypeName(right)}") to ${kind}`);
    }
  }
  if (operator === "*") {
    if (isSequence(left) && !isSequence(right) && !(right instanceof Map)) return repeat(left, right);
    if (isSequence(right) && !isSequence(left) && !(left instanceof Map)) return repeat(right, left);
    if (isSequence(left) || isSequence(right)) {
      const other = isSequence(left) ? right : left;
      throw typeError(`can't multiply sequence by non-int of type '${pyTypeName(other)}'`);
    }
  }
  const shown = augmented ? `${operator}=` : operator;
  throw typeError(
    `unsupported operand type(s) for ${shown}: '${pyTypeName(left)}' and '${pyTypeName(right)}'`,
  );
}

/** Python's `-value`. */
export function pyNegate(value: PyValue): PyValue {
  const number = numberOf(value);
  if (number === undefined) throw typeError(`bad operand type for unary -: '${pyTypeName(value)}'`);
  // An int's negation stays an int (0 - x avoids JavaScript's -0); a float's keeps its sign (-0.0).
  return isPyFloat(number) ? pyFloat(-pyNumberValue(number)) : 0 - pyNumberValue(number);
}

/** Python's `sum(values)`: `0 + v1 + v2 …`. */
export function pySumValues(values: Iterable<PyValue>): PyValue {
  let total: PyValue = 0;
  for (const value of values) total = pyArithmetic("+", total, value);
  return total;
}

/** Python's `max(first, second)`: the first unless `second > first`. */
export function pyMax(first: PyValue, second: PyValue): PyValue {
  return pyGreaterThan(second, first) ? second : first;
}
