import { describe, expect, it } from "vitest";
import { meanPassAtK, passAtK, passHatK } from "./pass-at-k.js";

const binomial = (n: number, k: number): number => {
  let value = 1;
  for (let i = 1; i <= k; i++) value = (value * (n - k + i)) / i;
  return value;
};

describe("passAtK", () => {
  it("equals 1 − C(n−c, k)/C(n, k) (Chen et al. 2021) on small cases", () => {
    for (const [n, c, k] of [
      [10, 3, 2],
      [20, 5, 10],
      [7, 1, 1],
      [200, 13, 100],
    ] as const) {
      expect(passAtK(n, c, k)).toBeCloseTo(1 - binomial(n - c, k) / binomial(n, k), 12);
    }
    expect(passAtK(10, 3, 2)).toBeCloseTo(1 - 21 / 45, 12);
  });

  it("is c/n for k = 1, 0 without a correct sample, 1 when fewer than k are wrong", () => {
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    expect(passAtK(4, 0, 3)).toBe(0);
    expect(passAtK(3, 2, 2)).toBe(1);
  });

  it("rejects impossible counts and averages over problems", () => {
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(
      meanPassAtK(
        [
          { n: 5, c: 2 },
          { n: 5, c: 0 },
        ],
        1,
      ),
    ).toBeCloseTo(0.2, 12);
  });

  it("pass^k is C(c, k) / C(n, k), τ-bench's math.comb ratio: all k drawn trials right", () => {
    // τ-bench: comb(3, 2) / comb(4, 2) = 3 / 6.
    expect(passHatK(4, 3, 2)).toBeCloseTo(0.5, 12);
    expect(passHatK(4, 3, 1)).toBeCloseTo(0.75, 12);
    expect(passHatK(4, 1, 2)).toBe(0);
    expect(passHatK(5, 5, 5)).toBe(1);
    expect(() => passHatK(2, 1, 3)).toThrow(RangeError);
  });
});
