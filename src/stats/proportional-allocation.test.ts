import { describe, expect, it } from "vitest";
import { proportionalAllocation } from "./proportional-allocation.js";
import { createSeededRandom } from "./seeded-random.js";

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

describe("proportionalAllocation", () => {
  it("gives each stratum one, then the rest by largest remainder of its proportional quota", () => {
    // One each; 13 over the capacities 99, 49, 9 (of 157): quotas 8.20, 4.06, 0.75 → floors 8, 4, 0 and the one
    // left to the largest remainder (0.75).
    expect(proportionalAllocation([100, 50, 10], 16)).toEqual([9, 5, 2]);
    expect(proportionalAllocation([10, 10, 10, 10], 8)).toEqual([2, 2, 2, 2]);
  });

  it("breaks equal remainders toward the earlier stratum", () => {
    expect(proportionalAllocation([10, 10, 10], 5)).toEqual([2, 2, 1]);
  });

  it("is purely proportional when the count is below the number of strata", () => {
    // Quotas 1.0, 0.6, 0.2, 0.2: floors 1, 0, 0, 0 and the one left to the 0.6.
    expect(proportionalAllocation([5, 3, 1, 1], 2)).toEqual([1, 1, 0, 0]);
    expect(proportionalAllocation([5, 3, 1, 1], 0)).toEqual([0, 0, 0, 0]);
  });

  it("keeps everything when the count covers every stratum, and never gives an empty stratum a sample", () => {
    expect(proportionalAllocation([3, 0, 2], 9)).toEqual([3, 0, 2]);
    expect(proportionalAllocation([3, 0, 2], 2)).toEqual([1, 0, 1]);
  });

  it("sums to the count, stays within each stratum and near its share, on random strata", () => {
    const random = createSeededRandom(11);
    for (let trial = 0; trial < 200; trial++) {
      const sizes = Array.from(
        { length: 1 + Math.floor(random() * 60) },
        () => 1 + Math.floor(random() * 300),
      );
      const total = sum(sizes);
      const count = Math.floor(random() * total);
      const allocation = proportionalAllocation(sizes, count);
      expect(sum(allocation)).toBe(count);
      const hasOneEach = count >= sizes.length;
      allocation.forEach((share, index) => {
        const size = sizes[index] ?? 0;
        expect(share).toBeLessThanOrEqual(size);
        if (hasOneEach) expect(share).toBeGreaterThanOrEqual(1);
        const quota = hasOneEach
          ? 1 + ((count - sizes.length) * (size - 1)) / (total - sizes.length)
          : (count * size) / total;
        expect(Math.abs(share - quota)).toBeLessThan(1);
      });
    }
  });
});
