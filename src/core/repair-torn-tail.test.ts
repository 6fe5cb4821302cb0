import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isJsonText } from "./complete-json-lines.js";
import { repairTornTail } from "./repair-torn-tail.js";

const fileWith = (text: string): string => {
  const path = join(mkdtempSync(join(tmpdir(), "torn-")), "lines.jsonl");
  writeFileSync(path, text);
  return path;
};

describe("repairTornTail", () => {
  it("leaves a file that ends with a newline (or is empty) as it is", () => {
    for (const text of ["", '{"a":1}\n', '{"a":1}\n{"b":2}\n']) {
      const path = fileWith(text);
      expect(repairTornTail(path, isJsonText)).toBe(0);
      expect(readFileSync(path, "utf8")).toBe(text);
    }
  });

  it("cuts off a torn last line and returns its length", () => {
    const path = fileWith('{"a":1}\n{"b":');
    expect(repairTornTail(path, isJsonText)).toBe(5);
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n');
  });

  it("cuts a torn first line down to nothing", () => {
    const path = fileWith('{"a":');
    expect(repairTornTail(path, isJsonText)).toBe(5);
    expect(readFileSync(path, "utf8")).toBe("");
  });

  it("adds the newline to a whole last line", () => {
    const path = fileWith('{"a":1}\n{"b":2}');
    expect(repairTornTail(path, isJsonText)).toBe(0);
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n{"b":2}\n');
  });

  it("finds the last newline beyond one read chunk", () => {
    const long = `{"x":"${"y".repeat(200_000)}`;
    const path = fileWith(`{"a":1}\n${long}`);
    expect(repairTornTail(path, isJsonText)).toBe(long.length);
    expect(readFileSync(path, "utf8")).toBe('{"a":1}\n');
  });
});
