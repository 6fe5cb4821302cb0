// τ-bench's domain data as Python holds it, so that tools compute, print and compare exactly as τ-bench's do: a dict
// is a `Map` (its key order kept, even for the integer-like item ids a JavaScript object would reorder), an integral
// float stays a `PythonFloat` (`247.0` prints as `247.0` and is not the int `247`), a list is an array.
import { parsePythonJson } from "../python-json.js";
import { pythonFloatRepr, pythonStringRepr } from "../python-repr.js";
import { PythonFloat } from "../python-value.js";

export { PythonFloat };

export type PyValue = null | boolean | number | bigint | string | PythonFloat | PyList | PyDict;
export type PyList = PyValue[];
export type PyDict = Map<string, PyValue>;
export type PyNumber = number | PythonFloat;

/** Python's `json.loads` with dicts as `Map`s. Throws `SyntaxError`. */
export function loadPyJson(text: string): PyValue {
  return parsePythonJson(text, { dicts: "map" }) as PyValue;
}

export function isPyDict(value: unknown): value is PyDict {
  return value instanceof Map;
}

/** True for a value Python holds as a float (a non-integral number, -0, or a `PythonFloat`). */
export function isPyFloat(value: unknown): value is PyNumber {
  return value instanceof PythonFloat || (typeof value === "number" && !isPyInt(value));
}

/** True for a Python int (`bool` is not counted; -0 has no int, so it is a float). */
export function isPyInt(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && !Object.is(value, -0);
}

/** True for an int or a float (not a bool). */
export function isPyNumber(value: unknown): value is PyNumber {
  return typeof value === "number" || value instanceof PythonFloat;
}

/** A number's value. */
export function pyNumberValue(value: PyNumber): number {
  return value instanceof PythonFloat ? value.value : value;
}

/** `value` as a Python float: integral values wrapped, others as they are. */
export function pyFloat(value: number): PyNumber {
  return Number.isInteger(value) ? new PythonFloat(value) : value;
}

/** The result of a Python arithmetic operation: a float when either side is one, else an int. */
function arithmetic(left: PyNumber, right: PyNumber, value: number): PyNumber {
  return isPyFloat(left) || isPyFloat(right) ? pyFloat(value) : value;
}

export function pyAdd(left: PyNumber, right: PyNumber): PyNumber {
  return arithmetic(left, right, pyNumberValue(left) + pyNumberValue(right));
}

export function pySub(left: PyNumber, right: PyNumber): PyNumber {
  return arithmetic(left, right, pyNumberValue(left) - pyNumberValue(right));
}

export function pyMul(left: PyNumber, right: PyNumber): PyNumber {
  return arithmetic(left, right, pyNumberValue(left) * pyNumberValue(right));
}

/** Python's `sum(values)`: starts from the int 0, so an empty sum is the int 0. */
export function pySum(values: Iterable<PyNumber>): PyNumber {
  let total: PyNumber = 0;
  for (const value of values) total = pyAdd(total, value);
  return total;
}

/**
 * Python's `round(x, digits)` (digits ≥ 0): the double's exact decimal value rounded, an exact tie to the even
 * digit; a float in, a float out (an int in, the int out).
 */
export function pyRound(value: PyNumber, digits: number): PyNumber {
  if (!isPyFloat(value)) return value;
  const x = pyNumberValue(value);
  if (!Number.isFinite(x) || Math.abs(x) >= 1e21) return value;
  // toFixed rounds the exact binary value, a tie away from zero; Python rounds a tie to even.
  const [whole = "0", fraction = ""] = Math.abs(x).toFixed(100).split(".");
  const isTie = fraction[digits] === "5" && /^0*$/.test(fraction.slice(digits + 1));
  const lastKept = digits === 0 ? whole.at(-1) : fraction[digits - 1];
  if (isTie && Number(lastKept) % 2 === 0) {
    const truncated = Number(`${whole}.${fraction.slice(0, digits)}`);
    return pyFloat(x < 0 ? -truncated : truncated);
  }
  // toFixed drops the sign of a zero: Python keeps it (round(-0.001, 2) is -0.0).
  const rounded = Number(x.toFixed(digits));
  return pyFloat(rounded === 0 && (x < 0 || Object.is(x, -0)) ? -0 : rounded);
}

/** Python's `str(value)` of data: what an f-string shows (`247.0`, `True`, `None`, lists and dicts as their repr). */
export function pyStr(value: PyValue): string {
  return typeof value === "string" ? value : pyRepr(value);
}

/** Python's `repr(value)` of data. */
export function pyRepr(value: PyValue): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "bigint") return String(value);
  if (typeof value === "number") return isPyInt(value) ? String(value) : pythonFloatRepr(value);
  if (value instanceof PythonFloat) return pythonFloatRepr(value.value);
  if (typeof value === "string") return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  return `{${[...value.entries()].map(([key, item]) => `${pythonStringRepr(key)}: ${pyRepr(item)}`).join(", ")}}`;
}

/**
 * True when τ-bench's data hash (sha256 of `str()` of the data with every dict's items sorted) is the same for both:
 * dict key order does not matter, list order does, and an int is not the float of the same value.
 */
export function isSameData(
  left: PyValue | ReadonlyMap<string, PyValue>,
  right: PyValue | ReadonlyMap<string, PyValue>,
): boolean {
  if (left === right) return true;
  if (left instanceof PythonFloat || right instanceof PythonFloat) {
    return left instanceof PythonFloat && right instanceof PythonFloat && left.value === right.value;
  }
  if (typeof left === "number" && typeof right === "number") {
    // Same str(): equal values of the same kind (NaN prints as nan on both sides).
    return Number.isNaN(left) && Number.isNaN(right);
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false;
    return left.every((item, index) => isSameData(item, right[index] ?? null));
  }
  if (left instanceof Map && right instanceof Map) {
    if (left.size !== right.size) return false;
    for (const [key, item] of left) {
      if (!right.has(key) || !isSameData(item, right.get(key) ?? null)) return false;
    }
    return true;
  }
  return false;
}

/** A deep copy of data (dicts, lists; the rest is immutable). */
export function clonePyValue<T extends PyValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => clonePyValue(item)) as T;
  if (value instanceof Map) {
    return new Map([...(value as PyDict).entries()].map(([key, item]) => [key, clonePyValue(item)])) as T;
  }
  return value;
}
