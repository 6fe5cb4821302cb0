import { describe, expect, it } from "vitest";
import { seededSubset } from "./seeded-subset.js";
import { stratifiedSubset } from "./stratified-subset.js";

/** MMLU-like data: tasks in blocks, in alphabetical order, of unequal sizes. */
const items = [
  ...Array.from({ length: 100 }, (_, index) => ({
    id: `abstract_algebra/${index}`,
    task: "abstract_algebra",
  })),
  ...Array.from({ length: 135 }, (_, index) => ({ id: `anatomy/${index}`, task: "anatomy" })),
  ...Array.from({ length: 15 }, (_, index) => ({ id: `virology/${index}`, task: "virology" })),
];
const countByTask = (kept: readonly { task: string }[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const item of kept) counts[item.task] = (counts[item.task] ?? 0) + 1;
  return counts;
};

describe("stratifiedSubset", () => {
  it("takes every task's share (not the first task's first N), each drawn by the seeded sampler", () => {
    const kept = stratifiedSubset(items, 50, 0);
    expect(kept).toHaveLength(50);
    // One each, then 47 over 99, 134, 14 (of 247): quotas 18.84, 25.50, 2.66 → floors 18, 25, 2, and the two
    // left to the largest remainders (0.84, 0.66).
    expect(countByTask(kept)).toEqual({ abstract_algebra: 20, anatomy: 26, virology: 4 });
    for (const [task, share] of Object.entries(countByTask(kept))) {
      const members = items.filter((item) => item.task === task);
      expect(kept.filter((item) => item.task === task)).toEqual(seededSubset(members, share, 0));
    }
  });

  it("keeps the data's order, and the same samples for the same seed", () => {
    const kept = stratifiedSubset(items, 30, 0);
    const positions = kept.map((item) => items.indexOf(item));
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
    expect(stratifiedSubset(items, 30, 0)).toEqual(kept);
    expect(stratifiedSubset(items, 30, 1)).not.toEqual(kept);
  });

  it("is the seeded subset itself on one task, and everything when the count covers it", () => {
    const one = items.filter((item) => item.task === "anatomy");
    expect(stratifiedSubset(one, 10, 0)).toEqual(seededSubset(one, 10, 0));
    expect(stratifiedSubset(items, 250, 0)).toEqual(items);
    expect(stratifiedSubset(items, 999, 0)).toEqual(items);
  });
});
