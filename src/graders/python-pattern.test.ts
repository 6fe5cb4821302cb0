// Python `re` semantics the translation keeps: Unicode \b and \w, `.` and `$`, `{,n}`, and IGNORECASE's i.
import { describe, expect, it } from "vitest";
import { pythonRegExp, UnsupportedPythonPatternError } from "./python-pattern.js";

describe("pythonRegExp", () => {
  it("treats accented letters as word characters for \\b (JavaScript's \\b does not)", () => {
    expect(pythonRegExp("\\bcafé\\b").test("un café noir")).toBe(true);
    expect(pythonRegExp("\\bcaf\\b").test("un café noir")).toBe(false);
  });

  it("does not count combining marks as word characters", () => {
    expect("नमस्ते".match(pythonRegExp("\\w+", { isGlobal: true }))?.length).toBeGreaterThan(1);
  });

  it("lets `.` match a carriage return, as Python does", () => {
    expect(pythonRegExp("a.b").test("a\rb")).toBe(true);
    expect(pythonRegExp("a.b").test("a\nb")).toBe(false);
  });

  it("matches `$` before a final newline, and under MULTILINE only at `\\n`", () => {
    expect(pythonRegExp("end$").test("the end\n")).toBe(true);
    expect(pythonRegExp("end$").test("the end\n\n")).toBe(false);
    expect(pythonRegExp("^b.*$", { isMultiline: true }).test("a\nb c\nd")).toBe(true);
    expect(pythonRegExp("^b$", { isMultiline: true }).test("a\rb\rc")).toBe(false);
  });

  it("reads `{,n}` as a quantifier and a lone brace as a literal", () => {
    expect(pythonRegExp("^a{,2}$").test("aa")).toBe(true);
    expect(pythonRegExp("{x}").test("a{x}b")).toBe(true);
  });

  it("matches dotted and dotless i case-insensitively, as Python does", () => {
    expect(pythonRegExp("istanbul", { isIgnoreCase: true }).test("İSTANBUL")).toBe(true);
    expect(pythonRegExp("KEYWORD", { isIgnoreCase: true, isGlobal: true }).exec("a keyword")?.[0]).toBe(
      "keyword",
    );
  });

  it("uses Python's whitespace and digits", () => {
    expect(pythonRegExp("a\\sb").test("a\u001cb")).toBe(true);
    expect(pythonRegExp("a\\sb").test("a\ufeffb")).toBe(false);
    expect(pythonRegExp("Section\\s?\\d+").test("Section ٣")).toBe(true);
  });

  it("refuses what it does not translate", () => {
    expect(() => pythonRegExp("(?i)x")).toThrow(UnsupportedPythonPatternError);
    expect(() => pythonRegExp("\\p")).toThrow(UnsupportedPythonPatternError);
  });
});
