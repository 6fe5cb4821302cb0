import { describe, expect, it } from "vitest";
import { completeJsonLines } from "./complete-json-lines.js";

describe("completeJsonLines", () => {
  it("numbers the non-empty lines and leaves out a torn last line", () => {
    expect(completeJsonLines('{"a":1}\n\n{"b":2}\n{"c":')).toEqual([
      { number: 1, text: '{"a":1}' },
      { number: 3, text: '{"b":2}' },
    ]);
  });

  it("keeps a whole last line without its newline, and a bad line elsewhere for the caller to refuse", () => {
    expect(completeJsonLines('not json\n{"b":2}')).toEqual([
      { number: 1, text: "not json" },
      { number: 2, text: '{"b":2}' },
    ]);
  });
});
