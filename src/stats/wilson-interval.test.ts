import { describe, expect, it } from "vitest";
import { wilsonInterval } from "./wilson-interval.js";

const Z = 1.959963984540054;

describe("wilsonInterval", () => {
  it("is not empty at 0 or n: 0/50 → 0%–7.1%, 50/50 → 92.9%–100%", () => {
    const [low, high] = wilsonInterval(0, 50);
    expect(low).toBe(0);
    // At 0 successes the upper bound is z²/(n + z²).
    expect(high).toBeCloseTo((Z * Z) / (50 + Z * Z), 14);
    expect((high * 100).toFixed(1)).toBe("7.1");
    const [fullLow, fullHigh] = wilsonInterval(50, 50);
    expect(fullHigh).toBe(1);
    expect(fullLow).toBeCloseTo(1 - high, 14);
  });

  it("has bounds that are the roots of (p̂ − p)² = z²·p(1 − p)/n", () => {
    for (const [successes, total] of [
      [1, 10],
      [7, 20],
      [70, 100],
      [512, 1319],
    ] as const) {
      const estimate = successes / total;
      for (const bound of wilsonInterval(successes, total)) {
        expect((estimate - bound) ** 2).toBeCloseTo((Z * Z * bound * (1 - bound)) / total, 12);
      }
    }
  });

  it("matches R's prop.test(12, 30, correct = FALSE) and is asymmetric around p̂ away from ½", () => {
    const [low, high] = wilsonInterval(12, 30);
    expect(low).toBeCloseTo(0.2459, 4);
    expect(high).toBeCloseTo(0.5768, 4);
    const [tailLow, tailHigh] = wilsonInterval(2, 40);
    expect(0.05 - tailLow).toBeLessThan(tailHigh - 0.05);
  });

  it("says nothing is known without samples", () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
  });
});
