// Python `str` slicing on JavaScript strings: offsets count code points (the dataset's character indices do), not
// UTF-16 units.

const SURROGATE = /[\uD800-\uDFFF]/;

/** The UTF-16 offset of code point `index` of `text` (Python's `text[:index]` length), clamped as Python clamps. */
function unitOffset(text: string, index: number): number {
  if (!SURROGATE.test(text)) return Math.max(0, Math.min(index, text.length));
  let points = 0;
  let offset = 0;
  while (offset < text.length && points < index) {
    const code = text.charCodeAt(offset);
    offset += code >= 0xd800 && code <= 0xdbff && offset + 1 < text.length ? 2 : 1;
    points++;
  }
  return offset;
}

/** Python's `text[start:end]` for non-negative code-point offsets (`end` absent: to the end). */
export function sliceCodePoints(text: string, start: number, end?: number): string {
  const from = unitOffset(text, start);
  return end === undefined ? text.slice(from) : text.slice(from, Math.max(from, unitOffset(text, end)));
}

/** Python's `len(text)`. */
export function codePointLength(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let count = 0;
  for (const _ of text) count++;
  return count;
}
