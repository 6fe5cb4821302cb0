// A seeded subset stratified by task: each task keeps its share of the count, drawn by the seeded sampler.
import { proportionalAllocation } from "./proportional-allocation.js";
import { seededSubset } from "./seeded-subset.js";

/**
 * Keeps `count` of `items`: the count is split over their tasks in proportion to the tasks' sizes (every task gets
 * one when `count` ≥ the number of tasks; see `proportionalAllocation`), each task's share is `seededSubset` of its
 * items with `seed`, and the kept items come back in their original order. With one task this is `seededSubset`.
 */
export function stratifiedSubset<T extends { id: string; task: string }>(
  items: readonly T[],
  count: number,
  seed: number,
): T[] {
  if (count >= items.length) return [...items];
  const byTask = new Map<string, T[]>();
  for (const item of items) {
    const members = byTask.get(item.task);
    if (members === undefined) byTask.set(item.task, [item]);
    else members.push(item);
  }
  const strata = [...byTask.values()];
  const shares = proportionalAllocation(
    strata.map((members) => members.length),
    count,
  );
  const kept = new Set<T>();
  strata.forEach((members, index) => {
    for (const item of seededSubset(members, shares[index] ?? 0, seed)) kept.add(item);
  });
  return items.filter((item) => kept.has(item));
}
