import { describe, expect, it } from "vitest";
import { summarizeTaskGroups } from "./summarize-task-groups.js";

const TASKS = [
  { task: "a", correct: 8, total: 10 },
  { task: "b", correct: 1, total: 2 },
  { task: "c", correct: 0, total: 0 },
];

describe("summarizeTaskGroups", () => {
  it("pools counts, or weights the tasks' accuracies whatever their sizes", () => {
    const [pooled, mean] = summarizeTaskGroups(
      [
        { name: "pooled", kind: "pooled", tasks: ["a", "b"] },
        { name: "mean", kind: "mean", weights: { a: 1, b: 1 } },
      ],
      TASKS,
    );
    expect(pooled?.accuracy).toBeCloseTo(9 / 12, 12);
    expect(pooled?.total).toBe(12);
    expect(mean?.accuracy).toBeCloseTo(0.65, 12);
    const standardError = Math.sqrt((0.25 * 0.8 * 0.2) / 10 + (0.25 * 0.5 * 0.5) / 2);
    expect(mean?.standardError).toBeCloseTo(standardError, 12);
    expect(mean?.ci95[0]).toBeCloseTo(0.65 - 1.959963984540054 * standardError, 9);
  });

  it("leaves out a group one of whose tasks has no graded sample", () => {
    expect(summarizeTaskGroups([{ name: "x", kind: "mean", weights: { a: 1, c: 1 } }], TASKS)).toEqual([]);
    expect(summarizeTaskGroups([{ name: "y", kind: "pooled", tasks: ["a", "d"] }], TASKS)).toEqual([]);
  });
});
