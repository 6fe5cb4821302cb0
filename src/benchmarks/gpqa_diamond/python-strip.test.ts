// pythonStrip against CPython's str.strip(): the whitespace sets differ from JavaScript's trim at the edges.
import { describe, expect, it } from "vitest";
import { pythonStrip } from "./python-strip.js";

describe("pythonStrip", () => {
  it("strips what CPython strips: ASCII whitespace, U+001C–U+001F, U+0085, NBSP, U+3000", () => {
    // CPython 3.11: "\x1c\x85 a b\u3000\xa0\t\n".strip() == "a b"
    expect(pythonStrip("\u001c\u0085 a b\u3000\u00a0\t\n")).toBe("a b");
  });

  it("keeps what CPython keeps: U+FEFF (which JavaScript's trim removes) and inner whitespace", () => {
    // CPython 3.11: "\ufeffx\ufeff".strip() == "\ufeffx\ufeff"
    expect(pythonStrip("\ufeffx\ufeff")).toBe("\ufeffx\ufeff");
    expect(pythonStrip("  two  words  ")).toBe("two  words");
    expect(pythonStrip(" \n ")).toBe("");
  });
});
