// Python `str`, `int`, `float` and `math.isclose` semantics that the Qwen2.5-Math and aiperf ports rely on.

/** The characters Python's `str.isspace()` accepts (what `strip()`, `split()` and `\s` use). */
const PYTHON_SPACE =
  "\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
export const PYTHON_SPACE_CLASS = `[${PYTHON_SPACE}]`;
/** Python's Unicode `\w` (letters, numbers, underscore) and `\W`, for `u`-flag regular expressions. */
export const PYTHON_WORD_CLASS = "[\\p{L}\\p{N}_]";
export const PYTHON_NON_WORD_CLASS = "[^\\p{L}\\p{N}_]";

const LEADING_SPACE = new RegExp(`^${PYTHON_SPACE_CLASS}+`, "u");
const TRAILING_SPACE = new RegExp(`${PYTHON_SPACE_CLASS}+$`, "u");

/** `text.lstrip(characters)`; without `characters`, Python whitespace. */
export function pythonLeftStrip(text: string, characters?: string): string {
  if (characters === undefined) return text.replace(LEADING_SPACE, "");
  let start = 0;
  while (start < text.length && characters.includes(text.charAt(start))) start++;
  return text.slice(start);
}

/** `text.rstrip(characters)`; without `characters`, Python whitespace. */
export function pythonRightStrip(text: string, characters?: string): string {
  if (characters === undefined) return text.replace(TRAILING_SPACE, "");
  let end = text.length;
  while (end > 0 && characters.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** `text.strip(characters)`; without `characters`, Python whitespace. */
export function pythonStrip(text: string, characters?: string): string {
  return pythonLeftStrip(pythonRightStrip(text, characters), characters);
}

/** `len(text)`: code points, not UTF-16 units. */
export function pythonLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

const DECIMAL_DIGIT = /\p{Nd}/u;

/** The value 0–9 of a Unicode decimal digit (Nd digits come in contiguous runs of ten, 0 to 9). */
function decimalDigitValue(character: string): number {
  let codePoint = character.codePointAt(0) ?? 0;
  const original = codePoint;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(codePoint - 1))) codePoint--;
  return (original - codePoint) % 10;
}

/** Replaces every non-ASCII decimal digit by its ASCII digit, as Python's `int()` and `float()` read them. */
export function toAsciiDigits(text: string): string {
  return /[^\u0020-\u007e]/.test(text)
    ? text.replace(/\p{Nd}/gu, (digit) => (digit <= "9" ? digit : String(decimalDigitValue(digit))))
    : text;
}

const PYTHON_INT = /^[+-]?\d(?:_?\d)*$/;
/** Python ≥ 3.11 refuses to convert integers longer than this many digits. */
const PYTHON_INT_MAX_DIGITS = 4300;

/** `int(text)` for base 10, or undefined where Python raises. */
export function pythonInt(text: string): bigint | undefined {
  const ascii = toAsciiDigits(pythonStrip(text));
  if (!PYTHON_INT.test(ascii)) return undefined;
  const digits = ascii.replace(/_/g, "");
  if (digits.replace(/^[+-]/, "").length > PYTHON_INT_MAX_DIGITS) return undefined;
  return BigInt(digits);
}

const PYTHON_FLOAT = /^[+-]?(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const PYTHON_FLOAT_SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** `float(text)`, or undefined where Python raises ValueError. */
export function pythonFloat(text: string): number | undefined {
  const ascii = toAsciiDigits(pythonStrip(text));
  if (PYTHON_FLOAT.test(ascii)) return Number(ascii.replace(/_/g, ""));
  const special = PYTHON_FLOAT_SPECIAL.exec(ascii);
  if (special === null) return undefined;
  if (special[2]?.toLowerCase() === "nan") return Number.NaN;
  return special[1] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

export interface IsCloseTolerance {
  relative?: number;
  absolute?: number;
}

/** `math.isclose(left, right, rel_tol=relative, abs_tol=absolute)` (defaults 1e-9 and 0). */
export function pythonIsClose(left: number, right: number, tolerance: IsCloseTolerance = {}): boolean {
  const relative = tolerance.relative ?? 1e-9;
  const absolute = tolerance.absolute ?? 0;
  if (left === right) return true;
  if (!Number.isFinite(left) || !Number.isFinite(right)) return false;
  const difference = Math.abs(right - left);
  return (
    difference <= Math.abs(relative * right) ||
    difference <= Math.abs(relative * left) ||
    difference <= absolute
  );
}
