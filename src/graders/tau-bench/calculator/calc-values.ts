// The values a `calculate` expression can produce in Python (int, float, complex, the empty tuple, Ellipsis) and
// CPython 3.11's arithmetic on them: exact ints, IEEE floats, Python's floor division and `**` rules, complex results
// of a negative base to a fractional power, and the exact exception messages.
import { pythonFloatRepr } from "../../python-repr.js";
import { PythonException } from "../tau-tool.js";
import { complexPower, complexQuotient } from "./complex-math.js";
import { trueDivideInts } from "./int-division.js";

export type CalcValue =
  | { readonly type: "int"; readonly value: bigint }
  | { readonly type: "float"; readonly value: number }
  | { readonly type: "complex"; readonly re: number; readonly im: number }
  | { readonly type: "tuple" }
  | { readonly type: "ellipsis" };

export type BinaryOperator = "+" | "-" | "*" | "/" | "//" | "**";

export const intValue = (value: bigint): CalcValue => ({ type: "int", value });
export const floatValue = (value: number): CalcValue => ({ type: "float", value });
export const complexValue = (re: number, im: number): CalcValue => ({ type: "complex", re, im });
export const EMPTY_TUPLE: CalcValue = { type: "tuple" };
export const ELLIPSIS: CalcValue = { type: "ellipsis" };

/**
 * Beyond this many bits an int power is not computed (Python would take seconds to hours). Such a power is reported
 * as what CPython raises once it has one and `calculate` converts it: float()'s OverflowError.
 */
const MAX_POWER_BITS = 10_000_000;

function typeError(message: string): PythonException {
  return new PythonException("TypeError", message);
}

/** An int as a float (OverflowError beyond the largest float, as PyLong_AsDouble). */
export function intToFloat(value: bigint): number {
  const converted = Number(value);
  if (!Number.isFinite(converted))
    throw new PythonException("OverflowError", "int too large to convert to float");
  return converted;
}

function asFloat(value: CalcValue): number {
  if (value.type === "int") return intToFloat(value.value);
  if (value.type === "float") return value.value;
  throw new Error(`not a real number: ${value.type}`);
}

function asComplex(value: CalcValue): { re: number; im: number } {
  return value.type === "complex" ? { re: value.re, im: value.im } : { re: asFloat(value), im: 0 };
}

/** Python's `str()` of a value (for the "argument after *" messages, which name the callee by it). */
export function calcStr(value: CalcValue): string {
  switch (value.type) {
    case "int":
      return value.value.toString();
    case "float":
      return pythonFloatRepr(value.value);
    case "complex": {
      const part = (x: number): string => pythonFloatRepr(x).replace(/\.0$/, "");
      const imag = `${part(value.im)}j`;
      if (value.re === 0 && !Object.is(value.re, -0)) return imag;
      return `(${part(value.re)}${value.im >= 0 || Number.isNaN(value.im) ? "+" : ""}${imag})`;
    }
    case "tuple":
      return "()";
    case "ellipsis":
      return "Ellipsis";
  }
}

function floorDivideInts(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new PythonException("ZeroDivisionError", "integer division or modulo by zero");
  const quotient = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient;
}

/** CPython's float floor division (`_float_div_mod`). */
function floorDivideFloats(x: number, w: number): number {
  if (w === 0) throw new PythonException("ZeroDivisionError", "float floor division by zero");
  let mod = x % w;
  let div = (x - mod) / w;
  if (mod !== 0) {
    if (w < 0 !== mod < 0) {
      mod += w;
      div -= 1;
    }
  }
  if (div === 0) {
    // A zero quotient keeps the sign of the true quotient.
    const quotient = x / w;
    return quotient < 0 || Object.is(quotient, -0) ? -0 : 0;
  }
  let floor = Math.floor(div);
  if (div - floor > 0.5) floor += 1;
  return floor;
}

function isOddInteger(x: number): boolean {
  return Number.isInteger(x) && Math.abs(x % 2) === 1;
}

/** CPython's `float_pow`. */
function powerFloats(base: number, exponent: number): CalcValue {
  if (exponent === 0) return floatValue(1);
  if (Number.isNaN(base)) return floatValue(base);
  if (Number.isNaN(exponent)) return floatValue(base === 1 ? 1 : exponent);
  if (!Number.isFinite(exponent)) {
    const magnitude = Math.abs(base);
    if (magnitude === 1) return floatValue(1);
    return floatValue(exponent > 0 === magnitude > 1 ? Math.abs(exponent) : 0);
  }
  if (!Number.isFinite(base)) {
    const odd = isOddInteger(exponent);
    if (exponent > 0) return floatValue(odd ? base : Math.abs(base));
    return floatValue(odd ? (base < 0 ? -0 : 0) : 0);
  }
  if (base === 0) {
    if (exponent < 0) {
      throw new PythonException("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    }
    return floatValue(isOddInteger(exponent) ? base : 0);
  }
  let magnitude = base;
  let negate = false;
  if (base < 0) {
    // A negative base to a fractional power has a complex result in Python 3.
    if (exponent !== Math.floor(exponent))
      return complexPowerValue({ re: base, im: 0 }, { re: exponent, im: 0 });
    magnitude = -base;
    negate = isOddInteger(exponent);
  }
  if (magnitude === 1) return floatValue(negate ? -1 : 1);
  const result = magnitude ** exponent;
  if (!Number.isFinite(result))
    throw new PythonException("OverflowError", "(34, 'Numerical result out of range')");
  return floatValue(negate ? -result : result);
}

function complexPowerValue(
  base: { re: number; im: number },
  exponent: { re: number; im: number },
): CalcValue {
  const result = complexPower(base, exponent);
  return complexValue(result.re, result.im);
}

function powerInts(base: bigint, exponent: bigint): CalcValue {
  if (exponent < 0n) return powerFloats(intToFloat(base), intToFloat(exponent));
  if (base === 0n || base === 1n) return intValue(exponent === 0n ? 1n : base);
  if (base === -1n) return intValue(exponent % 2n === 0n ? 1n : -1n);
  const bits = BigInt((base < 0n ? -base : base).toString(2).length) * exponent;
  if (bits > BigInt(MAX_POWER_BITS))
    throw new PythonException("OverflowError", "int too large to convert to float");
  return intValue(base ** exponent);
}

function operatorLabel(operator: BinaryOperator): string {
  return operator === "**" ? "** or pow()" : operator;
}

/** The tuple/Ellipsis cases: concatenation and repetition of `()`, else Python's TypeError. */
function sequenceOperation(operator: BinaryOperator, left: CalcValue, right: CalcValue): CalcValue {
  if (operator === "+" && left.type === "tuple") {
    if (right.type === "tuple") return EMPTY_TUPLE;
    throw typeError(`can only concatenate tuple (not "${right.type}") to tuple`);
  }
  if (operator === "*" && (left.type === "tuple" || right.type === "tuple")) {
    const count = left.type === "tuple" ? right : left;
    if (count.type !== "int") throw typeError(`can't multiply sequence by non-int of type '${count.type}'`);
    if (count.value >= 2n ** 63n || count.value < -(2n ** 63n)) {
      throw new PythonException("OverflowError", "cannot fit 'int' into an index-sized integer");
    }
    return EMPTY_TUPLE;
  }
  throw typeError(
    `unsupported operand type(s) for ${operatorLabel(operator)}: '${left.type}' and '${right.type}'`,
  );
}

function complexOperation(operator: BinaryOperator, left: CalcValue, right: CalcValue): CalcValue {
  if (operator === "//") {
    throw typeError(`unsupported operand type(s) for //: '${left.type}' and '${right.type}'`);
  }
  const a = asComplex(left);
  const b = asComplex(right);
  switch (operator) {
    case "+":
      return complexValue(a.re + b.re, a.im + b.im);
    case "-":
      return complexValue(a.re - b.re, a.im - b.im);
    case "*":
      return complexValue(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
    case "/": {
      const quotient = complexQuotient(a, b);
      if (quotient === undefined) throw new PythonException("ZeroDivisionError", "complex division by zero");
      return complexValue(quotient.re, quotient.im);
    }
    case "**":
      return complexPowerValue(a, b);
  }
}

function floatOperation(operator: BinaryOperator, x: number, y: number): CalcValue {
  switch (operator) {
    case "+":
      return floatValue(x + y);
    case "-":
      return floatValue(x - y);
    case "*":
      return floatValue(x * y);
    case "/":
      if (y === 0) throw new PythonException("ZeroDivisionError", "float division by zero");
      return floatValue(x / y);
    case "//":
      return floatValue(floorDivideFloats(x, y));
    case "**":
      return powerFloats(x, y);
  }
}

function intOperation(operator: BinaryOperator, a: bigint, b: bigint): CalcValue {
  switch (operator) {
    case "+":
      return intValue(a + b);
    case "-":
      return intValue(a - b);
    case "*":
      return intValue(a * b);
    case "/":
      if (b === 0n) throw new PythonException("ZeroDivisionError", "division by zero");
      return floatValue(trueDivideInts(a, b));
    case "//":
      return intValue(floorDivideInts(a, b));
    case "**":
      return powerInts(a, b);
  }
}

/** `left <operator> right` as Python evaluates it. */
export function binaryOperation(operator: BinaryOperator, left: CalcValue, right: CalcValue): CalcValue {
  const isSequenceCase = (value: CalcValue): boolean => value.type === "tuple" || value.type === "ellipsis";
  if (isSequenceCase(left) || isSequenceCase(right)) return sequenceOperation(operator, left, right);
  if (left.type === "complex" || right.type === "complex") return complexOperation(operator, left, right);
  if (left.type === "int" && right.type === "int") return intOperation(operator, left.value, right.value);
  return floatOperation(operator, asFloat(left), asFloat(right));
}

/** `-value` / `+value`. */
export function unaryOperation(operator: "+" | "-", value: CalcValue): CalcValue {
  const sign = operator === "-" ? -1 : 1;
  switch (value.type) {
    case "int":
      return intValue(operator === "-" ? -value.value : value.value);
    case "float":
      return floatValue(sign * value.value);
    case "complex":
      return complexValue(sign * value.re, sign * value.im);
    default:
      throw typeError(`bad operand type for unary ${operator}: '${value.type}'`);
  }
}

/** Python's `float(value)`. */
export function toPythonFloat(value: CalcValue): number {
  if (value.type === "int" || value.type === "float") return asFloat(value);
  throw typeError(`float() argument must be a string or a real number, not '${value.type}'`);
}
