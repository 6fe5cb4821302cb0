// Tests the <think> splitter: whole texts, tags cut at every position across deltas, unclosed and orphan tags.
import { describe, expect, it } from "vitest";
import { splitThink } from "./split-think.js";
import { type ThinkSplit, ThinkSplitter } from "./think-splitter.js";

function splitPieces(pieces: readonly string[]): ThinkSplit {
  const splitter = new ThinkSplitter();
  for (const piece of pieces) splitter.push(piece);
  return splitter.end();
}

const CASES: [string, ThinkSplit][] = [
  ["no think at all", { text: "no think at all", reasoning: "", isThinkUnclosed: false }],
  ["<think>step 1</think>\n\n42", { text: "\n\n42", reasoning: "step 1", isThinkUnclosed: false }],
  ["Sure. <think>hmm</think> 42", { text: "Sure.  42", reasoning: "hmm", isThinkUnclosed: false }],
  ["<think>a</think>b<think>c</think>d", { text: "bd", reasoning: "ac", isThinkUnclosed: false }],
  ["before <think>never closed", { text: "before ", reasoning: "never closed", isThinkUnclosed: true }],
  ["hidden plan</think>answer", { text: "answer", reasoning: "hidden plan", isThinkUnclosed: false }],
  ["a < b and <thin client>", { text: "a < b and <thin client>", reasoning: "", isThinkUnclosed: false }],
  ["<think>x < y <th</think>ok", { text: "ok", reasoning: "x < y <th", isThinkUnclosed: false }],
  ["ends with <thi", { text: "ends with <thi", reasoning: "", isThinkUnclosed: false }],
  ["<think>ends with </thin", { text: "", reasoning: "ends with </thin", isThinkUnclosed: true }],
  ["<think></think>", { text: "", reasoning: "", isThinkUnclosed: false }],
  ["1 <<think>>2</think>>", { text: "1 <>", reasoning: ">2", isThinkUnclosed: false }],
];

describe("ThinkSplitter", () => {
  it.each(CASES)("splits %j in one piece", (input, expected) => {
    expect(splitThink(input)).toEqual(expected);
  });

  it.each(CASES)("splits %j the same way when cut in two at every position", (input, expected) => {
    for (let at = 0; at <= input.length; at++) {
      expect(splitPieces([input.slice(0, at), input.slice(at)]), `cut at ${at}`).toEqual(expected);
    }
  });

  it.each(CASES)("splits %j the same way one character at a time and cut in three", (input, expected) => {
    expect(splitPieces([...input])).toEqual(expected);
    for (let first = 0; first <= input.length; first++) {
      for (let second = first; second <= input.length; second++) {
        const pieces = [input.slice(0, first), input.slice(first, second), input.slice(second)];
        expect(splitPieces(pieces), `cuts at ${first}, ${second}`).toEqual(expected);
      }
    }
  });

  it("treats a later orphan </think> as text once a block was seen", () => {
    expect(splitThink("<think>a</think>b</think>c")).toEqual({
      text: "b</think>c",
      reasoning: "a",
      isThinkUnclosed: false,
    });
  });
});
