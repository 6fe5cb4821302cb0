// Splits a whole model answer into text and `<think>` reasoning (the non-streaming face of ThinkSplitter).
import { type ThinkSplit, ThinkSplitter } from "./think-splitter.js";

/** `splitThink("<think>a</think>b")` → `{ text: "b", reasoning: "a", isThinkUnclosed: false }`. */
export function splitThink(text: string): ThinkSplit {
  const splitter = new ThinkSplitter();
  splitter.push(text);
  return splitter.end();
}
