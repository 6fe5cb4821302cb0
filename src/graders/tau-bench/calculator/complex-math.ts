// CPython 3.11's complex division and power (`_Py_c_quot`, `complex_pow`), for the complex numbers a negative base
// to a fractional power produces: what matters for `calculate` is when they raise, and that they stay complex.
import { PythonException } from "../tau-tool.js";

export interface Complex {
  readonly re: number;
  readonly im: number;
}

const ONE: Complex = { re: 1, im: 0 };

function product(a: Complex, b: Complex): Complex {
  return { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re };
}

/** `a / b` by Smith's method, or undefined when `b` is zero (Python's "complex division by zero"). */
export function complexQuotient(a: Complex, b: Complex): Complex | undefined {
  const absRe = Math.abs(b.re);
  const absIm = Math.abs(b.im);
  if (absRe >= absIm) {
    if (absRe === 0) return undefined;
    const ratio = b.im / b.re;
    const denominator = b.re + b.im * ratio;
    return { re: (a.re + a.im * ratio) / denominator, im: (a.im - a.re * ratio) / denominator };
  }
  if (absIm >= absRe) {
    const ratio = b.re / b.im;
    const denominator = b.re * ratio + b.im;
    return { re: (a.re * ratio + a.im) / denominator, im: (a.im * ratio - a.re) / denominator };
  }
  return { re: Number.NaN, im: Number.NaN };
}

/** `x ** n` for a natural n by repeated squaring (`c_powu`). */
function powerNatural(x: Complex, n: number): Complex {
  let result = ONE;
  let square = x;
  for (let mask = 1; mask > 0 && n >= mask; mask *= 2) {
    if (Math.floor(n / mask) % 2 === 1) result = product(result, square);
    square = product(square, square);
  }
  return result;
}

/** `_Py_c_pow`: undefined for zero to a negative or complex power. */
function powerGeneral(a: Complex, b: Complex): Complex | undefined {
  if (b.re === 0 && b.im === 0) return ONE;
  if (a.re === 0 && a.im === 0) return b.im !== 0 || b.re < 0 ? undefined : { re: 0, im: 0 };
  const modulus = Math.hypot(a.re, a.im);
  let length = modulus ** b.re;
  const angle = Math.atan2(a.im, a.re);
  let phase = angle * b.re;
  if (b.im !== 0) {
    length /= Math.exp(angle * b.im);
    phase += b.im * Math.log(modulus);
  }
  return { re: length * Math.cos(phase), im: length * Math.sin(phase) };
}

/** Python's `a ** b` on complex numbers, raising as `complex_pow` does. */
export function complexPower(a: Complex, b: Complex): Complex {
  let result: Complex | undefined;
  if (b.im === 0 && b.re === Math.floor(b.re) && Math.abs(b.re) <= 100) {
    result = b.re > 0 ? powerNatural(a, b.re) : complexQuotient(ONE, powerNatural(a, -b.re));
  } else {
    result = powerGeneral(a, b);
  }
  if (result === undefined) {
    throw new PythonException("ZeroDivisionError", "0.0 to a negative or complex power");
  }
  if (!Number.isFinite(result.re) && !Number.isNaN(result.re)) throw complexOverflow();
  if (!Number.isFinite(result.im) && !Number.isNaN(result.im)) throw complexOverflow();
  return result;
}

function complexOverflow(): PythonException {
  return new PythonException("OverflowError", "complex exponentiation");
}
