// GraphWalks' grade on hand-built answers: right, wrong, partly right, no final-answer line, duplicates, whitespace,
// the empty list; F1 values are CPython 3's for the card's expression on the same sets.
import { describe, expect, it } from "vitest";
import { graphwalksGrade, parseGraphwalksAnswer } from "./graphwalks-grade.js";

const TRUTH = ["c81e728d9d", "cfcd208495", "a87ff679a2", "1679091c5a"];

describe("parseGraphwalksAnswer", () => {
  it("reads the bracket's items from the very last line only", () => {
    expect(parseGraphwalksAnswer("Thinking...\nFinal Answer: [uvwx, efgh]")).toEqual({
      nodes: ["uvwx", "efgh"],
      isParsed: true,
    });
    // No space after the colon is allowed by the card's ` ?`; items are Python-stripped (tabs, NBSP).
    expect(parseGraphwalksAnswer("Final Answer:[ a ,\tb\u00a0]").nodes).toEqual(["a", "b"]);
    // A final line mentioned earlier does not count: a trailing newline leaves an empty last line.
    expect(parseGraphwalksAnswer("Final Answer: [a, b]\n")).toEqual({ nodes: [], isParsed: false });
    expect(parseGraphwalksAnswer("Final Answer: [a]\nI hope this helps.")).toEqual({
      nodes: [],
      isParsed: false,
    });
  });

  it("needs the phrase and a bracketed list on that line", () => {
    expect(parseGraphwalksAnswer("The nodes are a, b").isParsed).toBe(false);
    expect(parseGraphwalksAnswer("Final Answer: a, b").isParsed).toBe(false);
    expect(parseGraphwalksAnswer("final answer: [a]").isParsed).toBe(false);
    // Two spaces before the bracket: the card's ` ?` allows one.
    expect(parseGraphwalksAnswer("Final Answer:  [a]").isParsed).toBe(false);
    expect(parseGraphwalksAnswer("").isParsed).toBe(false);
  });

  it("reads the empty list as no nodes, drops empty items and keeps the list up to the line's last bracket", () => {
    expect(parseGraphwalksAnswer("Final Answer: []")).toEqual({ nodes: [], isParsed: true });
    expect(parseGraphwalksAnswer("Final Answer: [a,, b, ]").nodes).toEqual(["a", "b"]);
    expect(parseGraphwalksAnswer("So: Final Answer: [a, [b]] done").nodes).toEqual(["a", "[b]"]);
    // "\r" is an ordinary character for Python's `.` and is stripped from an item.
    expect(parseGraphwalksAnswer("x\r\nFinal Answer: [a, b]\r").nodes).toEqual(["a", "b"]);
  });
});

describe("graphwalksGrade", () => {
  it("scores the right set (any order, duplicates, spacing) 1 and exact", () => {
    const grade = graphwalksGrade(
      "BFS from the root...\nFinal Answer: [1679091c5a,a87ff679a2, cfcd208495 , c81e728d9d, a87ff679a2]",
      TRUTH,
    );
    expect(grade).toMatchObject({
      f1: 1,
      jaccard: 1,
      precision: 1,
      recall: 1,
      isExact: true,
      isParsed: true,
    });
    expect(grade.nodes).toHaveLength(5);
  });

  it("gives partial credit: F1 and Jaccard of the sets, not exact", () => {
    // 2 of 4 found plus one wrong node: p = 2/3, r = 1/2.
    const partial = graphwalksGrade("Final Answer: [c81e728d9d, cfcd208495, ffffffffff]", TRUTH);
    expect(partial.f1).toBe(0.5714285714285715);
    expect(partial.jaccard).toBe(2 / 5);
    expect(partial.isExact).toBe(false);
    // A subset: p = 1, r = 1/4.
    const subset = graphwalksGrade("Final Answer: [a87ff679a2]", TRUTH);
    expect(subset.f1).toBe(0.4);
    expect(subset.jaccard).toBe(0.25);
  });

  it("scores a wrong set 0 (the card's `else 1` applies to two empty sets only)", () => {
    expect(graphwalksGrade("Final Answer: [ffffffffff]", TRUTH)).toMatchObject({
      f1: 0,
      jaccard: 0,
      isExact: false,
      isParsed: true,
    });
    expect(graphwalksGrade("Final Answer: []", TRUTH)).toMatchObject({ f1: 0, jaccard: 0, isExact: false });
    expect(graphwalksGrade("Final Answer: [a]", [])).toMatchObject({ f1: 0, jaccard: 0, isExact: false });
  });

  it("scores an empty answer to an empty truth 1, and an answer without the final line 0 even then", () => {
    expect(graphwalksGrade("Final Answer: []", [])).toMatchObject({ f1: 1, jaccard: 1, isExact: true });
    expect(graphwalksGrade("There are no parents.", [])).toMatchObject({
      f1: 0,
      jaccard: 0,
      isExact: false,
      isParsed: false,
    });
  });

  it("compares node names exactly (case and inner spaces count)", () => {
    expect(graphwalksGrade("Final Answer: [C81E728D9D]", ["c81e728d9d"]).isExact).toBe(false);
    expect(graphwalksGrade('Final Answer: ["c81e728d9d"]', ["c81e728d9d"]).isExact).toBe(false);
  });
});
