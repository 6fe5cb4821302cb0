// Python semantics the ports rely on: float(), int(), repr(float), isclose, strip, and word2number 1.1.
import { describe, expect, it } from "vitest";
import { pythonFloatRepr } from "../python-repr.js";
import { pythonFloat, pythonInt, pythonIsClose, pythonStrip } from "./python-text.js";
import { convertWordNumber } from "./word-to-number.js";

describe("Python text semantics", () => {
  it("float() accepts what Python accepts, and nothing else", () => {
    expect(pythonFloat(" 1_000.5 ")).toBe(1000.5);
    expect(pythonFloat(".5")).toBe(0.5);
    expect(pythonFloat("5.")).toBe(5);
    expect(pythonFloat("-1e3")).toBe(-1000);
    expect(pythonFloat("Infinity")).toBe(Number.POSITIVE_INFINITY);
    expect(pythonFloat("nan")).toBeNaN();
    expect(pythonFloat("٣")).toBe(3);
    expect(pythonFloat("1__0")).toBeUndefined();
    expect(pythonFloat("1/2")).toBeUndefined();
    expect(pythonFloat("")).toBeUndefined();
  });
  it("int() and repr(float)", () => {
    expect(pythonInt("007")).toBe(7n);
    expect(pythonInt("+5")).toBe(5n);
    expect(pythonInt("1.0")).toBeUndefined();
    expect(pythonFloatRepr(1.5)).toBe("1.5");
    expect(pythonFloatRepr(2)).toBe("2.0");
    expect(pythonFloatRepr(0.00001)).toBe("1e-05");
    expect(pythonFloatRepr(1e16)).toBe("1e+16");
    expect(pythonFloatRepr(123456789012345.6)).toBe("123456789012345.6");
  });
  it("isclose and strip", () => {
    expect(pythonIsClose(1, 1.00005, { relative: 1e-4 })).toBe(true);
    expect(pythonIsClose(0, 1e-9, { relative: 1e-4 })).toBe(false);
    expect(pythonIsClose(0, 1e-5, { absolute: 1e-4 })).toBe(true);
    expect(pythonIsClose(Number.NaN, Number.NaN)).toBe(false);
    expect(pythonStrip("\u00a0 x \u3000")).toBe("x");
    expect(pythonStrip("[(1,2)]", "[]()")).toBe("1,2");
  });
});

describe("word2number's word_to_num as convert_word_number uses it", () => {
  it.each([
    ["two million twenty three thousand and forty nine", "2023049"],
    ["one hundred and twenty-three", "123"],
    ["nine hundred ninety nine", "999"],
    ["zero point one two", "0.12"],
    ["seven point five hundred", "7"],
    ["thousand five", "thousand five"],
    ["two thousand thousand", "two thousand thousand"],
    ["x+1", "x+1"],
    ["", ""],
    ["0042", "42"],
  ])("%j → %j", (text, expected) => {
    expect(convertWordNumber(text)).toBe(expected);
  });
});
