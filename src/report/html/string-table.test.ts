// Cutting texts into blocks at blank lines, and the string table that stores each distinct block once.
import { describe, expect, it } from "vitest";
import { StringTable, splitTextBlocks, textOf } from "./string-table.js";

describe("splitTextBlocks", () => {
  it("cuts after each blank line, the separator kept, so the blocks join back to the text", () => {
    const text = "Header.\n\nQ1\nAnswer: A\n\nQ2\nAnswer: B\n\n\nQ3\nAnswer:";
    const blocks = splitTextBlocks(text);
    expect(blocks).toEqual(["Header.\n\n", "Q1\nAnswer: A\n\n", "Q2\nAnswer: B\n\n\n", "Q3\nAnswer:"]);
    expect(blocks.join("")).toBe(text);
  });

  it("keeps a text without blank lines, a text ending in one, and the empty text whole", () => {
    expect(splitTextBlocks("one line")).toEqual(["one line"]);
    expect(splitTextBlocks("a\n\n")).toEqual(["a\n\n"]);
    expect(splitTextBlocks("\n\nb")).toEqual(["\n\n", "b"]);
    expect(splitTextBlocks("")).toEqual([""]);
  });
});

describe("StringTable", () => {
  it("stores a shot shared by two prompts in different orders once, and gives both prompts back", () => {
    const table = new StringTable();
    const first = table.internBlocks("Shot A\n\nShot B\n\nQuestion 1");
    const second = table.internBlocks("Shot B\n\nShot A\n\nQuestion 2");
    expect(table.strings).toEqual(["Shot A\n\n", "Shot B\n\n", "Question 1", "Question 2"]);
    expect(second.slice(0, 2)).toEqual([first[1], first[0]]);
    expect(textOf(table.strings, first)).toBe("Shot A\n\nShot B\n\nQuestion 1");
    expect(textOf(table.strings, second)).toBe("Shot B\n\nShot A\n\nQuestion 2");
    expect(table.intern("Question 1")).toBe(first[2]);
  });
});
