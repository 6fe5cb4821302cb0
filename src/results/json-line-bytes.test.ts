// Tests the byte-level JSON writer against JSON.stringify / JSON.parse on edge values and many random ones.
import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../stats/seeded-random.js";
import { asciiBytes, JsonLineBytes } from "./json-line-bytes.js";

function written(write: (out: JsonLineBytes) => void): string {
  const out = new JsonLineBytes(8);
  write(out);
  return out.take().toString("utf8");
}

describe("JsonLineBytes", () => {
  it("fixed3 writes the value rounded to the microsecond, trailing zeros dropped", () => {
    const cases: Array<[number | null, string]> = [
      [0, "0"],
      [-0, "0"],
      [12.5, "12.5"],
      [3, "3"],
      [-0.125, "-0.125"],
      [0.0004, "0"],
      [-0.0004, "0"],
      [0.0005, "0.001"],
      [1.23456789, "1.235"],
      [1234567.8901, "1234567.89"],
      [999.9999, "1000"],
      [-42.1, "-42.1"],
      [1e12, "1000000000000"],
      [1.5e15, "1500000000000000"],
      [1e21, "1e+21"],
      [Number.NaN, "null"],
      [Number.POSITIVE_INFINITY, "null"],
      [null, "null"],
    ];
    for (const [value, text] of cases)
      expect(
        written((out) => out.fixed3(value)),
        String(value),
      ).toBe(text);
  });

  it("fixed3 parses back to Math.round(value * 1000) / 1000 for a hundred thousand random values", () => {
    const random = createSeededRandom(7);
    const out = new JsonLineBytes(8);
    const values: number[] = [];
    for (let index = 0; index < 100_000; index++) {
      const scale = 10 ** Math.floor(random() * 12 - 3);
      const value = (random() - 0.3) * scale;
      values.push(value);
      out.fixed3(value);
      out.newline();
    }
    const lines = out.take().toString("latin1").split("\n");
    values.forEach((value, index) => {
      expect(JSON.parse(lines[index] ?? ""), String(value)).toBe(Math.round(value * 1000) / 1000 || 0);
    });
  });

  it("integer writes safe integers exactly and anything else as fixed3", () => {
    for (const value of [
      0,
      7,
      -7,
      10,
      99,
      100,
      123456789,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ]) {
      expect(written((out) => out.integer(value))).toBe(JSON.stringify(value));
    }
    expect(written((out) => out.integer(2.5))).toBe("2.5");
    expect(written((out) => out.integer(null))).toBe("null");
    expect(written((out) => out.integer(Number.NaN))).toBe("null");
  });

  it("strings, booleans and raw bytes are written as JSON.stringify writes them, growing the buffer", () => {
    const strings = [
      "",
      "ok",
      'quote " and \\ backslash',
      "line\nbreak\t\u0001",
      "é 東京 😀",
      "lone \ud83d",
      "x".repeat(5000),
    ];
    for (const value of strings) expect(written((out) => out.string(value))).toBe(JSON.stringify(value));
    // The second time a short string comes, its bytes come from the cache: the same text.
    const twice = written((out) => {
      for (const value of strings) {
        out.string(value);
        out.string(value);
      }
    });
    expect(twice).toBe(strings.map((value) => JSON.stringify(value).repeat(2)).join(""));
    expect(written((out) => out.string(null))).toBe("null");
    const line = written((out) => {
      out.raw(asciiBytes('{"a":'));
      out.boolean(true);
      out.raw(asciiBytes(',"b":'));
      out.boolean(false);
      out.raw(asciiBytes("}"));
      out.newline();
    });
    expect(line).toBe('{"a":true,"b":false}\n');
  });

  it("take hands back what was written and starts again", () => {
    const out = new JsonLineBytes(4);
    out.integer(123456);
    expect(out.length).toBe(6);
    expect(out.take().toString("latin1")).toBe("123456");
    expect(out.length).toBe(0);
    out.integer(1);
    expect(out.take().toString("latin1")).toBe("1");
  });
});
