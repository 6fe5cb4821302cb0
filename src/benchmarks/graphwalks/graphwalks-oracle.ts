// What the mock server answers a GraphWalks prompt with: a final line listing exactly the row's nodes (shuffled
// and spaced differently by variant), or, wrong, one node short with a stranger added, or no final line.
import type { BenchmarkOracle } from "../types.js";
import type { GraphwalksSample } from "./graphwalks-sample.js";

/** A node that is in no GraphWalks graph (their ids are 10 hex digits). */
const STRANGER = "not-a-node";

function rotated<T>(items: readonly T[], by: number): T[] {
  if (items.length === 0) return [];
  const start = by % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

export const graphwalksOracle: BenchmarkOracle<GraphwalksSample> = {
  // The prompt's end: the prompt itself for all but the longest ones, whose last edges and operation tell them apart.
  promptSuffix: (sample) => sample.promptTail,
  answer(sample, isCorrect, variant) {
    const nodes = rotated(sample.answerNodes, variant);
    const separator = variant % 2 === 0 ? ", " : ",";
    if (isCorrect) {
      const list = `Final Answer: [${nodes.join(separator)}]`;
      return variant % 3 === 0 ? list : `Working through the edges step by step.\n${list}`;
    }
    if (variant % 2 === 1) return `The nodes are ${nodes.join(", ")}.`;
    return `Final Answer: [${[...nodes.slice(1), STRANGER].join(separator)}]`;
  },
};
