// Python's whitespace on `str` (`\s` in `re`, `str.strip()`), which JavaScript's `\s` and `trim()` do not match.

/**
 * The characters `str.isspace()` accepts, as a regex class. JavaScript's `\s` lacks U+001C–U+001F and U+0085 and
 * adds U+FEFF.
 */
export const PYTHON_WHITESPACE_CLASS =
  "[\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

const LEADING = new RegExp(`^${PYTHON_WHITESPACE_CLASS}+`);
const TRAILING = new RegExp(`${PYTHON_WHITESPACE_CLASS}+$`);

/** Python's `text.strip()` with no argument. */
export function pythonStrip(text: string): string {
  return text.replace(LEADING, "").replace(TRAILING, "");
}

const WHITESPACE_RUN = new RegExp(`${PYTHON_WHITESPACE_CLASS}+`, "u");

/** Python's `text.split()` with no argument: runs of whitespace separate, no empty pieces. */
export function pythonSplit(text: string): string[] {
  return text.split(WHITESPACE_RUN).filter((piece) => piece !== "");
}

/** Python's `text.rstrip()` with no argument. */
export function pythonRstrip(text: string): string {
  return text.replace(TRAILING, "");
}
