// The few Python built-in behaviours the retail tools lean on, with the exceptions Python raises when the agent's
// arguments have a type the tool did not expect (`x in dict` on a list, `len()` of an int, `.lower()` of a number…):
// τ-bench shows those exceptions to the agent as `Error: <message>`, so their wording is part of the observation.
import {
  isPyDict,
  type PyDict,
  type PyList,
  type PyNumber,
  PythonFloat,
  type PyValue,
} from "../python-data.js";
import { keyError, PythonException } from "../tau-tool.js";

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

/** Python's `key in table` for a dict whose keys are all strings: a list or dict key is unhashable. */
export function pyDictHas(table: PyDict, key: PyValue): key is string {
  if (Array.isArray(key) || isPyDict(key)) {
    throw new PythonException("TypeError", `unhashable type: '${pyTypeName(key)}'`);
  }
  return typeof key === "string" && table.has(key);
}

/** What `for x in value` visits: a list's items, a string's characters, a dict's keys. */
export function pyIterate(value: PyValue): PyList {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") return [...value];
  if (isPyDict(value)) return [...value.keys()];
  throw new PythonException("TypeError", `'${pyTypeName(value)}' object is not iterable`);
}

/** Python's `len(value)`. */
export function pyLen(value: PyValue): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === "string") return [...value].length;
  if (isPyDict(value)) return value.size;
  throw new PythonException("TypeError", `object of type '${pyTypeName(value)}' has no len()`);
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

/** `record[key]` of a dict from the data (a KeyError when absent). */
export function pyGet(record: PyValue, key: string): PyValue {
  if (!isPyDict(record)) {
    throw new PythonException("TypeError", `'${pyTypeName(record)}' object is not subscriptable`);
  }
  const value = record.get(key);
  if (value === undefined) throw keyError(key);
  return value;
}

/** `record[key]` where the data holds a dict there. */
export function pyGetDict(record: PyValue, key: string): PyDict {
  const value = pyGet(record, key);
  if (!isPyDict(value)) throw new PythonException("TypeError", `${key} is not a dict`);
  return value;
}

/** `record[key]` where the data holds a list there. */
export function pyGetList(record: PyValue, key: string): PyList {
  const value = pyGet(record, key);
  if (!Array.isArray(value)) throw new PythonException("TypeError", `${key} is not a list`);
  return value;
}

/** `record[key]` where the data holds a number there. */
export function pyGetNumber(record: PyValue, key: string): PyNumber {
  const value = pyGet(record, key);
  if (typeof value === "number" || value instanceof PythonFloat) return value;
  throw new PythonException("TypeError", `${key} is not a number`);
}

/** `items[0]` (an IndexError on an empty list). */
export function pyFirst(items: PyList): PyValue {
  const first = items[0];
  if (first === undefined) throw new PythonException("IndexError", "list index out of range");
  return first;
}

/** Python's truth value of data (`if value:`). */
export function pyTruthy(value: PyValue): boolean {
  if (value === null || value === false || value === "" || value === 0 || value === 0n) return false;
  if (value instanceof PythonFloat) return value.value !== 0;
  if (Array.isArray(value)) return value.length > 0;
  if (isPyDict(value)) return value.size > 0;
  return true;
}
