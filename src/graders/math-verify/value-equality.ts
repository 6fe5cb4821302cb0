// Value comparisons behind Math-Verify's numeric and symbolic checks: exact rationals, rounding, and sampling.
import { evaluateExactly, evaluateNumerically, freeSymbols } from "./evaluate-math-value.js";
import type { MathValue, Rational } from "./math-value.js";
import { printMathValue } from "./print-math-value.js";

const RELATIVE_TOLERANCE = 1e-10;
const SAMPLE_VALUES = [0.7316, -1.2913, 1.8527, -0.4418, 2.3149, 0.2957, -2.0671, 1.3371];

/** sympy's "atomic Number, or Number × 1/100" test (is_atomic_or_pct_atomic) for Number or Float. */
export function isAtomicNumber(value: MathValue, kind: "number" | "float"): boolean {
  const isAtomic = (item: MathValue) =>
    kind === "float"
      ? item.type === "float"
      : item.type === "number" ||
        item.type === "float" ||
        (item.type === "constant" && ["oo", "-oo", "nan"].includes(item.name));
  if (isAtomic(value)) return true;
  if (value.type !== "mul" || value.args.length !== 2) return false;
  const [first, second] = value.args;
  return (
    first !== undefined &&
    isAtomic(first) &&
    second?.type === "number" &&
    second.value.numerator === 1n &&
    second.value.denominator === 100n
  );
}

/** The exact rational a finite double stands for. */
function doubleToRational(value: number): Rational {
  let denominator = 1n;
  let scaled = value;
  while (!Number.isInteger(scaled)) {
    scaled *= 2;
    denominator *= 2n;
  }
  return { numerator: BigInt(scaled), denominator };
}

function exactOrDouble(value: MathValue): Rational | undefined {
  const exact = evaluateExactly(value);
  if (exact !== undefined) return exact;
  if (freeSymbols(value).size > 0) return undefined;
  const number = evaluateNumerically(value);
  return Number.isFinite(number) ? doubleToRational(number) : undefined;
}

/** x.round(digits) as sympy does it (half to even on the exact value), as a scaled integer. */
function roundToDigits(value: Rational, digits: number): bigint {
  const scale = 10n ** BigInt(digits);
  const numerator = value.numerator * scale;
  const denominator = value.denominator;
  let quotient = numerator / denominator;
  let remainder = numerator - quotient * denominator;
  if (remainder < 0n) {
    quotient -= 1n;
    remainder += denominator;
  }
  const twice = remainder * 2n;
  if (twice > denominator || (twice === denominator && quotient % 2n !== 0n)) quotient += 1n;
  return quotient;
}

/** `a.round(n) == b.round(n)` after doit; symbols or infinities make it false (sympy raises there). */
export function roundedEqual(left: MathValue, right: MathValue, digits: number): boolean {
  const a = exactOrDouble(left);
  const b = exactOrDouble(right);
  if (a === undefined || b === undefined) return false;
  return roundToDigits(a, digits) === roundToDigits(b, digits);
}

function isClose(left: number, right: number): boolean {
  if (left === right) return true;
  return Math.abs(left - right) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(left), Math.abs(right));
}

function sameRational(left: Rational, right: Rational): boolean {
  return left.numerator === right.numerator && left.denominator === right.denominator;
}

function matrixEntries(value: MathValue): MathValue[] | undefined {
  return value.type === "matrix" ? value.rows.flat() : undefined;
}

export interface EqualityOptions {
  /** Only constant expressions can be equal (sympy's evalf of the difference). */
  isConstantOnly: boolean;
  /** Equal up to a nonzero constant factor (equations with the same solutions). */
  isProportional?: boolean;
}

/** Whether two expressions have the same value: exactly when both are rational, else at sample points of their symbols. */
export function areValuesEqual(left: MathValue, right: MathValue, options: EqualityOptions): boolean {
  const leftEntries = matrixEntries(left);
  const rightEntries = matrixEntries(right);
  if (leftEntries || rightEntries) {
    if (!leftEntries || !rightEntries || left.type !== "matrix" || right.type !== "matrix") return false;
    if (left.rows.length !== right.rows.length || leftEntries.length !== rightEntries.length) return false;
    return leftEntries.every((item, index) => areValuesEqual(item, rightEntries[index] ?? item, options));
  }
  const symbols = [...new Set([...freeSymbols(left), ...freeSymbols(right)])].sort();
  if (!options.isProportional) {
    const exactLeft = evaluateExactly(left);
    const exactRight = evaluateExactly(right);
    if (exactLeft !== undefined && exactRight !== undefined) return sameRational(exactLeft, exactRight);
  }
  if (symbols.length > 0 && options.isConstantOnly) return false;
  let valid = 0;
  let ratio: number | undefined;
  const rounds = symbols.length === 0 ? 1 : SAMPLE_VALUES.length;
  for (let round = 0; round < rounds; round++) {
    const values = new Map(
      symbols.map((name, index) => [name, SAMPLE_VALUES[(round + index * 3) % SAMPLE_VALUES.length] ?? 1]),
    );
    const a = evaluateNumerically(left, values);
    const b = evaluateNumerically(right, values);
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    valid++;
    if (options.isProportional) {
      if (a === 0 && b === 0) continue;
      if (a === 0 || b === 0) return false;
      if (ratio === undefined) ratio = a / b;
      else if (!isClose(ratio, a / b)) return false;
    } else if (!isClose(a, b)) return false;
  }
  return symbols.length === 0 ? valid === 1 : valid >= 3;
}

/** ordered(..., keys=sort_key): numbers by value, tuples element-wise, everything else by its printed form. */
export function sortKey(value: MathValue): (number | string)[] {
  if (value.type === "tuple") return [1, ...value.elements.flatMap(sortKey)];
  if (freeSymbols(value).size === 0) {
    const number = evaluateNumerically(value);
    if (!Number.isNaN(number)) return [0, number];
  }
  return [2, printMathValue(value)];
}
