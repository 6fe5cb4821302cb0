// Python `str` behaviour the IFEval checks rely on: `strip(chars)`, `isupper()`, `islower()` (`split()` is
// python-whitespace.ts's `pythonSplit`).
const LOWERCASE_OR_TITLE = /[\p{Lowercase}\p{Lt}]/u;
const UPPERCASE_OR_TITLE = /[\p{Uppercase}\p{Lt}]/u;
const UPPERCASE = /\p{Uppercase}/u;
const LOWERCASE = /\p{Lowercase}/u;

/** Python's `text.strip(chars)`: removes any of `chars` (code points) from both ends. */
export function stripCharacters(text: string, characters: string): string {
  const set = new Set(characters);
  const points = [...text];
  let start = 0;
  let end = points.length;
  while (start < end && set.has(points[start] ?? "")) start++;
  while (end > start && set.has(points[end - 1] ?? "")) end--;
  return points.slice(start, end).join("");
}

/** Python's `text.lstrip(chars)`. */
export function stripCharactersStart(text: string, characters: string): string {
  const set = new Set(characters);
  const points = [...text];
  let start = 0;
  while (start < points.length && set.has(points[start] ?? "")) start++;
  return points.slice(start).join("");
}

/** Python's `text.rstrip(chars)`. */
export function stripCharactersEnd(text: string, characters: string): string {
  const set = new Set(characters);
  const points = [...text];
  let end = points.length;
  while (end > 0 && set.has(points[end - 1] ?? "")) end--;
  return points.slice(0, end).join("");
}

/** Python's `str.isupper()`: at least one cased character, and none lowercase or titlecase. */
export function isPythonUpper(text: string): boolean {
  let hasCased = false;
  for (const character of text) {
    if (LOWERCASE_OR_TITLE.test(character)) return false;
    if (UPPERCASE.test(character)) hasCased = true;
  }
  return hasCased;
}

/** Python's `str.islower()`: at least one cased character, and none uppercase or titlecase. */
export function isPythonLower(text: string): boolean {
  let hasCased = false;
  for (const character of text) {
    if (UPPERCASE_OR_TITLE.test(character)) return false;
    if (LOWERCASE.test(character)) hasCased = true;
  }
  return hasCased;
}

/** The line boundaries of `str.splitlines()` besides CR LF, which is one. */
const LINE_BOUNDARY_CLASS = "[\\n\\v\\f\\r\\x1c-\\x1e\\x85\\u2028\\u2029]";
const LINE_BREAK = new RegExp(`\\r\\n|${LINE_BOUNDARY_CLASS}`);

/** Python's `text.splitlines()`: every Unicode line boundary splits, and a final line break adds no empty line. */
export function pythonSplitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
