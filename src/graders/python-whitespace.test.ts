// Unit tests of Python's whitespace as a regex class and `str.strip()`: exactly the characters CPython's `str.isspace()` accepts.
import { describe, expect, it } from "vitest";
import { PYTHON_WHITESPACE_CLASS, pythonStrip } from "./python-whitespace.js";

/** `[c for c in range(0x110000) if re.fullmatch(r"\s", chr(c))]` under CPython 3.11. */
const PYTHON_WHITESPACE = [
  0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003,
  0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
];

describe("PYTHON_WHITESPACE_CLASS", () => {
  it("matches exactly Python's \\s over every code point", () => {
    const regex = new RegExp(`^${PYTHON_WHITESPACE_CLASS}$`, "u");
    const matched: number[] = [];
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      if (regex.test(String.fromCodePoint(codePoint))) matched.push(codePoint);
    }
    expect(matched).toEqual(PYTHON_WHITESPACE);
  });
});

describe("pythonStrip", () => {
  it.each([
    ["  a b \n", "a b"],
    ["\x1ca\x85", "a"],
    ["\ufeffa\ufeff", "\ufeffa\ufeff"],
    ["\u3000\u00a0", ""],
    ["", ""],
    // CPython 3.11: "\x1c\x85 a b\u3000\xa0\t\n".strip() == "a b"; inner whitespace stays.
    ["\x1c\x85 a b\u3000\u00a0\t\n", "a b"],
    ["  two  words  ", "two  words"],
    [" \n ", ""],
  ])("%j → %j", (text, expected) => {
    expect(pythonStrip(text)).toBe(expected);
  });
});
