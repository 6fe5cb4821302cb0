// Python's `int / int` for ints too large for a double to hold exactly: the quotient rounded once, correctly (to
// nearest, ties to even), or the OverflowError Python raises when it is beyond the largest float.
import { PythonException } from "../tau-tool.js";

const EXACT_LIMIT = 2n ** 53n;

function bitLength(value: bigint): number {
  return value === 0n ? 0 : value.toString(2).length;
}

/** `value * 2**exponent` for a double, in steps that stay exact while the result is a normal float. */
function scaleByPowerOfTwo(value: number, exponent: number): number {
  let result = value;
  let remaining = exponent;
  while (remaining !== 0) {
    const step = Math.max(-1000, Math.min(1000, remaining));
    result *= 2 ** step;
    remaining -= step;
  }
  return result;
}

/** `numerator / denominator` rounded to an integer, a tie to even. */
function roundedQuotient(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  const twiceRemainder = 2n * (numerator % denominator);
  if (twiceRemainder > denominator || (twiceRemainder === denominator && quotient % 2n === 1n)) {
    return quotient + 1n;
  }
  return quotient;
}

/** Python's true division of two ints (the divisor is not 0). */
export function trueDivideInts(dividend: bigint, divisor: bigint): number {
  const negative = dividend < 0n !== divisor < 0n;
  const a = dividend < 0n ? -dividend : dividend;
  const b = divisor < 0n ? -divisor : divisor;
  // Both exact as doubles: one IEEE division is correctly rounded (and gives -0.0 for 0 / -5, as Python does).
  if (a <= EXACT_LIMIT && b <= EXACT_LIMIT) return Number(dividend) / Number(divisor);
  if (a === 0n) return negative ? -0 : 0;
  // A 55-or-56-bit quotient with a sticky bit rounds to 53 bits correctly in one conversion.
  const shift = 55 - (bitLength(a) - bitLength(b));
  const numerator = shift >= 0 ? a << BigInt(shift) : a;
  const denominator = shift >= 0 ? b : b << BigInt(-shift);
  let quotient = numerator / denominator;
  const exponent = bitLength(quotient) - 1 - shift;
  let magnitude: number;
  if (exponent < -1022) {
    // Subnormal: round once in units of the smallest subnormal.
    magnitude = Number(roundedQuotient(a << 1074n, b)) * Number.MIN_VALUE;
  } else {
    if (numerator % denominator !== 0n) quotient |= 1n;
    magnitude = scaleByPowerOfTwo(Number(quotient), -shift);
  }
  if (!Number.isFinite(magnitude)) {
    throw new PythonException("OverflowError", "integer division result too large for a float");
  }
  return negative ? -magnitude : magnitude;
}
