// Python's `str.strip()` with no argument: the characters CPython counts as whitespace, from both ends.

/** The code points of `str.isspace()` (CPython 3.11): JavaScript's `trim` set minus U+FEFF, plus U+001C–1F, U+0085. */
const PYTHON_WHITESPACE = new Set<number>([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** `text.strip()` as CPython does it (JavaScript's `trim` differs on U+FEFF, U+001C–U+001F and U+0085). */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PYTHON_WHITESPACE.has(text.charCodeAt(start))) start++;
  while (end > start && PYTHON_WHITESPACE.has(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}
