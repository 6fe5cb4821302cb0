// The values `calculate`'s Python `eval` can produce from digits, `+ - * / ( ) .` and spaces, and CPython 3.11's
// arithmetic on them: exact ints (bigint), IEEE floats with Python's special cases (float division by zero,
// floor division, `**` overflow and negative bases), the complex number a negative base to a fractional power
// gives, the empty tuple `()` and the Ellipsis `...` — each with the message Python's exception carries.
import { pythonFloatRepr } from "../../python-repr.js";
import { PythonException } from "../tau-tool.js";

interface CalcComplex {
  readonly kind: "complex";
  readonly re: number;
  readonly im: number;
}

export type CalcValue =
  | { readonly kind: "int"; readonly value: bigint }
  | { readonly kind: "float"; readonly value: number }
  | CalcComplex
  | { readonly kind: "tuple" }
  | { readonly kind: "ellipsis" };

export type CalcOperator = "+" | "-" | "*" | "/" | "//" | "**";

/** Past this many bits an int power is not computed (CPython would spend minutes or run out of memory). */
const MAX_INT_BITS = 10_000_000;

export const calcInt = (value: bigint): CalcValue => ({ kind: "int", value });
export const calcFloat = (value: number): CalcValue => ({ kind: "float", value });
const calcComplex = (re: number, im: number): CalcComplex => ({ kind: "complex", re, im });

function raise(type: string, message: string): never {
  throw new PythonException(type, message);
}

/** `type(value).__name__`. */
export function calcTypeName(value: CalcValue): string {
  return value.kind;
}

/** `float(int)`: correctly rounded (as `Number(bigint)` is), an OverflowError past the largest float. */
export function intToFloat(value: bigint): number {
  const result = Number(value);
  if (!Number.isFinite(result)) raise("OverflowError", "int too large to convert to float");
  return result;
}

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** Correctly rounded `a / b` of positive bigints as a float (CPython's `long_true_divide`). */
function divideBigints(a: bigint, b: bigint): number {
  if (a === 0n) return 0;
  // A quotient of at least 55 bits, and a sticky bit for what the division dropped.
  const shift = 55 - (bitLength(a) - bitLength(b));
  const numerator = shift >= 0 ? a << BigInt(shift) : a;
  const denominator = shift >= 0 ? b : b << BigInt(-shift);
  const quotient = numerator / denominator;
  const sticky = numerator % denominator !== 0n;
  const length = bitLength(quotient);
  const exponent = length - 1 - shift;
  if (exponent > 1023) raise("OverflowError", "integer division result too large for a float");
  // 53 significant bits for a normal result, fewer for a subnormal one (the last kept bit weighs 2^-1074).
  const kept = exponent >= -1022 ? 53 : 53 - (-1022 - exponent);
  const dropped = length - kept;
  let mantissa = quotient >> BigInt(dropped);
  const remainder = quotient - (mantissa << BigInt(dropped));
  const half = 1n << BigInt(dropped - 1);
  if (remainder > half || (remainder === half && (sticky || mantissa % 2n === 1n))) mantissa += 1n;
  const result = Number(mantissa) * 2 ** (dropped - shift);
  if (!Number.isFinite(result)) raise("OverflowError", "integer division result too large for a float");
  return result;
}

function intTrueDivide(a: bigint, b: bigint): number {
  if (b === 0n) raise("ZeroDivisionError", "division by zero");
  const limit = 2n ** 53n;
  const small = (value: bigint): boolean => value <= limit && value >= -limit;
  // Both exactly representable: one IEEE division is the correctly rounded quotient (and keeps -0.0).
  if (small(a) && small(b)) return Number(a) / Number(b);
  const negative = a < 0n !== b < 0n;
  const magnitude = divideBigints(a < 0n ? -a : a, b < 0n ? -b : b);
  return negative ? -magnitude : magnitude;
}

function intFloorDivide(a: bigint, b: bigint): bigint {
  if (b === 0n) raise("ZeroDivisionError", "integer division or modulo by zero");
  const quotient = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? quotient - 1n : quotient;
}

/** CPython's `float // float`. */
function floatFloorDivide(x: number, y: number): number {
  if (y === 0) raise("ZeroDivisionError", "float floor division by zero");
  let mod = x % y;
  let div = (x - mod) / y;
  if (mod !== 0 && y < 0 !== mod < 0) {
    mod += y;
    div -= 1;
  }
  if (div === 0) return Math.sign(x / y) < 0 || Object.is(x / y, -0) ? -0 : 0;
  let floored = Math.floor(div);
  if (div - floored > 0.5) floored += 1;
  return floored;
}

const isOddInteger = (value: number): boolean => Math.abs(value) % 2 === 1;

/** CPython's `float ** float` (`float_pow`), which may hand a negative base over to complex. */
function floatPower(base: number, exponent: number): CalcValue {
  if (exponent === 0) return calcFloat(1);
  if (Number.isNaN(base)) return calcFloat(base);
  if (Number.isNaN(exponent)) return calcFloat(base === 1 ? 1 : exponent);
  if (!Number.isFinite(exponent)) {
    const magnitude = Math.abs(base);
    if (magnitude === 1) return calcFloat(1);
    return calcFloat(exponent > 0 === magnitude > 1 ? Math.abs(exponent) : 0);
  }
  if (!Number.isFinite(base)) {
    const odd = isOddInteger(exponent);
    if (exponent > 0) return calcFloat(odd ? base : Math.abs(base));
    return calcFloat(odd ? (base < 0 ? -0 : 0) : 0);
  }
  if (base === 0) {
    if (exponent < 0) raise("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return calcFloat(isOddInteger(exponent) ? base : 0);
  }
  if (base === 1) return calcFloat(1);
  let magnitude = base;
  let negate = false;
  if (base < 0) {
    if (exponent !== Math.floor(exponent))
      return complexPower(calcComplex(base, 0), calcComplex(exponent, 0));
    magnitude = -base;
    negate = isOddInteger(exponent);
  }
  if (magnitude === 1) return calcFloat(negate ? -1 : 1);
  const result = magnitude ** exponent;
  if (!Number.isFinite(result)) raise("OverflowError", "(34, 'Numerical result out of range')");
  return calcFloat(negate ? -result : result);
}

/** CPython's complex power (the value only matters for the zero checks later operations make). */
function complexPower(base: CalcComplex, exponent: CalcComplex): CalcComplex {
  if (exponent.re === 0 && exponent.im === 0) return calcComplex(1, 0);
  if (base.re === 0 && base.im === 0) {
    if (exponent.im !== 0 || exponent.re < 0)
      raise("ZeroDivisionError", "0.0 to a negative or complex power");
    return calcComplex(0, 0);
  }
  const length = Math.hypot(base.re, base.im);
  const angle = Math.atan2(base.im, base.re);
  const magnitude = length ** exponent.re * Math.exp(-angle * exponent.im);
  const phase = angle * exponent.re + (exponent.im === 0 ? 0 : exponent.im * Math.log(length));
  if (!Number.isFinite(magnitude)) raise("OverflowError", "complex exponentiation");
  return calcComplex(magnitude * Math.cos(phase), magnitude * Math.sin(phase));
}

type Numeric = CalcValue & { kind: "int" | "float" | "complex" };

const isNumeric = (value: CalcValue): value is Numeric =>
  value.kind === "int" || value.kind === "float" || value.kind === "complex";

function asFloat(value: CalcValue & { kind: "int" | "float" }): number {
  return value.kind === "int" ? intToFloat(value.value) : value.value;
}

function asComplex(value: Numeric): CalcComplex {
  return value.kind === "complex" ? value : { kind: "complex", re: asFloat(value), im: 0 };
}

function complexArithmetic(operator: CalcOperator, left: Numeric, right: Numeric): CalcValue {
  if (operator === "//") {
    raise("TypeError", `unsupported operand type(s) for //: '${left.kind}' and '${right.kind}'`);
  }
  const a = asComplex(left);
  const b = asComplex(right);
  switch (operator) {
    case "+":
      return calcComplex(a.re + b.re, a.im + b.im);
    case "-":
      return calcComplex(a.re - b.re, a.im - b.im);
    case "*":
      return calcComplex(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
    case "/": {
      if (b.re === 0 && b.im === 0) raise("ZeroDivisionError", "complex division by zero");
      const denominator = b.re * b.re + b.im * b.im;
      return calcComplex(
        (a.re * b.re + a.im * b.im) / denominator,
        (a.im * b.re - a.re * b.im) / denominator,
      );
    }
    default:
      return complexPower(a, b);
  }
}

function intArithmetic(operator: CalcOperator, a: bigint, b: bigint): CalcValue {
  switch (operator) {
    case "+":
      return calcInt(a + b);
    case "-":
      return calcInt(a - b);
    case "*":
      return calcInt(a * b);
    case "/":
      return calcFloat(intTrueDivide(a, b));
    case "//":
      return calcInt(intFloorDivide(a, b));
    default:
      if (b < 0n) return floatPower(intToFloat(a), intToFloat(b));
      // 0, 1 and -1 stay small whatever the exponent (which may itself be huge).
      if (a === 0n) return calcInt(b === 0n ? 1n : 0n);
      if (a === 1n) return calcInt(1n);
      if (a === -1n) return calcInt(b % 2n === 0n ? 1n : -1n);
      if ((bitLength(a < 0n ? -a : a) - 1) * Number(b) > MAX_INT_BITS) {
        raise("OverflowError", "int too large to convert to float");
      }
      return calcInt(a ** b);
  }
}

function floatArithmetic(operator: CalcOperator, x: number, y: number): CalcValue {
  switch (operator) {
    case "+":
      return calcFloat(x + y);
    case "-":
      return calcFloat(x - y);
    case "*":
      return calcFloat(x * y);
    case "/":
      if (y === 0) raise("ZeroDivisionError", "float division by zero");
      return calcFloat(x / y);
    case "//":
      return calcFloat(floatFloorDivide(x, y));
    default:
      return floatPower(x, y);
  }
}

/** `()` + or * something: the tuple's own rules (concatenation, repetition by an index-sized int). */
function tupleArithmetic(operator: CalcOperator, left: CalcValue, right: CalcValue): CalcValue | undefined {
  if (operator === "+" && left.kind === "tuple") {
    if (right.kind === "tuple") return left;
    raise("TypeError", `can only concatenate tuple (not "${right.kind}") to tuple`);
  }
  if (operator === "*" && (left.kind === "tuple" || right.kind === "tuple")) {
    const count = left.kind === "tuple" ? right : left;
    if (count.kind !== "int") {
      raise("TypeError", `can't multiply sequence by non-int of type '${count.kind}'`);
    }
    if (count.value >= 2n ** 63n || count.value < -(2n ** 63n)) {
      raise("OverflowError", "cannot fit 'int' into an index-sized integer");
    }
    return { kind: "tuple" };
  }
  return undefined;
}

/** Python's `left <operator> right`. */
export function calcBinary(operator: CalcOperator, left: CalcValue, right: CalcValue): CalcValue {
  const sequenceResult = tupleArithmetic(operator, left, right);
  if (sequenceResult !== undefined) return sequenceResult;
  if (!isNumeric(left) || !isNumeric(right)) {
    const shown = operator === "**" ? "** or pow()" : operator;
    raise("TypeError", `unsupported operand type(s) for ${shown}: '${left.kind}' and '${right.kind}'`);
  }
  if (left.kind === "complex" || right.kind === "complex") return complexArithmetic(operator, left, right);
  if (left.kind === "int" && right.kind === "int") return intArithmetic(operator, left.value, right.value);
  return floatArithmetic(operator, asFloat(left), asFloat(right));
}

/** Python's unary `+value` / `-value`. */
export function calcUnary(operator: "+" | "-", value: CalcValue): CalcValue {
  if (!isNumeric(value)) raise("TypeError", `bad operand type for unary ${operator}: '${value.kind}'`);
  if (operator === "+") return value;
  if (value.kind === "int") return calcInt(-value.value);
  if (value.kind === "float") return calcFloat(-value.value);
  return calcComplex(-value.re, -value.im);
}

/** `float(value)` of the result. */
export function calcToFloat(value: CalcValue): number {
  if (value.kind === "int") return intToFloat(value.value);
  if (value.kind === "float") return value.value;
  return raise("TypeError", `float() argument must be a string or a real number, not '${value.kind}'`);
}

/** A complex part as `repr(complex)` shows it (an integral part without `.0`). */
function complexPart(value: number): string {
  const text = pythonFloatRepr(value);
  return text.endsWith(".0") ? text.slice(0, -2) : text;
}

/** `str(value)` (how a non-callable is named in a call's unpacking error). */
export function calcStr(value: CalcValue): string {
  switch (value.kind) {
    case "int":
      return value.value.toString();
    case "float":
      return pythonFloatRepr(value.value);
    case "complex": {
      const imaginary = `${complexPart(value.im)}j`;
      if (value.re === 0 && !Object.is(value.re, -0)) return imaginary;
      const sign = value.im < 0 || Object.is(value.im, -0) || Number.isNaN(value.im) ? "" : "+";
      return `(${complexPart(value.re)}${sign}${imaginary})`;
    }
    case "tuple":
      return "()";
    default:
      return "Ellipsis";
  }
}
