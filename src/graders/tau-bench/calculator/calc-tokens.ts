// Python's tokenizer for the only characters `calculate` lets through (digits, `+-*/().` and spaces): numbers,
// operators, `...`, and the tokenizer's own errors (an unmatched `)`, a decimal int with leading zeros, more than
// 200 nested `(`, a `(` still open at the end), each with Python 3.11's message.

export type CalcToken =
  | { readonly kind: "number"; readonly text: string; readonly isFloat: boolean; readonly level: number }
  | { readonly kind: "op"; readonly text: string; readonly level: number }
  | { readonly kind: "end"; readonly level: number }
  | { readonly kind: "error"; readonly message: string; readonly level: number };

const LEADING_ZEROS =
  "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers";
export const NEVER_CLOSED = "'(' was never closed";
/** CPython's tokenizer refuses a `(` nested deeper than this (`MAXLEVEL`). */
const MAX_NESTING = 200;

function isDigit(char: string | undefined): boolean {
  return char !== undefined && char >= "0" && char <= "9";
}

/** The digits from `start`, and where they end. */
function digitsFrom(source: string, start: number): number {
  let end = start;
  while (isDigit(source[end])) end += 1;
  return end;
}

/** A number token at `start` (a digit, or a `.` before a digit): its text, whether it is a float, or an error. */
function readNumber(source: string, start: number): { end: number; isFloat: boolean; error?: string } {
  let end = digitsFrom(source, start);
  const whole = source.slice(start, end);
  if (source[end] === ".") {
    end = digitsFrom(source, end + 1);
    return { end, isFloat: true };
  }
  // "0", "000" are fine; "01" is the old octal spelling Python 3 refuses.
  if (whole.length > 1 && whole.startsWith("0") && /[1-9]/.test(whole)) {
    return { end, isFloat: false, error: LEADING_ZEROS };
  }
  return { end, isFloat: false };
}

/** The tokens up to the end marker, or up to and including the first error token. */
export function tokenizeCalc(source: string): CalcToken[] {
  const tokens: CalcToken[] = [];
  let level = 0;
  let index = 0;
  while (index < source.length) {
    const char = source[index] ?? "";
    const next = source[index + 1];
    if (char === " ") {
      index += 1;
    } else if (isDigit(char) || (char === "." && isDigit(next))) {
      const number = readNumber(source, index);
      if (number.error !== undefined) {
        tokens.push({ kind: "error", message: number.error, level });
        return tokens;
      }
      tokens.push({ kind: "number", text: source.slice(index, number.end), isFloat: number.isFloat, level });
      index = number.end;
    } else if (char === "(" || char === ")") {
      if (char === ")" && level === 0) {
        tokens.push({ kind: "error", message: "unmatched ')'", level });
        return tokens;
      }
      if (char === "(" && level >= MAX_NESTING) {
        tokens.push({ kind: "error", message: "too many nested parentheses", level });
        return tokens;
      }
      level += char === "(" ? 1 : -1;
      tokens.push({ kind: "op", text: char, level });
      index += 1;
    } else {
      const text = char === "." && source.startsWith("...", index) ? "..." : pairedOperator(char, next);
      tokens.push({ kind: "op", text, level });
      index += text.length;
    }
  }
  tokens.push(level > 0 ? { kind: "error", message: NEVER_CLOSED, level } : { kind: "end", level });
  return tokens;
}

/** `**` and `//` are one token each; the other operators are single characters. */
function pairedOperator(char: string, next: string | undefined): string {
  return (char === "*" || char === "/") && next === char ? char + char : char;
}
