import { describe, expect, it } from "vitest";
import { proportionCi } from "./proportion-ci.js";
import { wilsonInterval } from "./wilson-interval.js";

describe("proportionCi", () => {
  it("shows the Wilson interval and keeps the spec's p̂ ± 1.96·std/√n apart", () => {
    const estimate = proportionCi(70, 100);
    const halfWidth = 1.96 * Math.sqrt((0.7 * 0.3) / 100);
    expect(estimate.accuracy).toBe(0.7);
    expect(estimate.standardError).toBeCloseTo(Math.sqrt(0.21 / 100), 15);
    expect(estimate.ci95).toEqual(wilsonInterval(70, 100));
    expect(estimate.normalCi95?.[0]).toBeCloseTo(0.7 - halfWidth, 12);
    expect(estimate.normalCi95?.[1]).toBeCloseTo(0.7 + halfWidth, 12);
  });

  it("computes the spec's interval as numpy would from the 0/1 scores (population std), unclamped", () => {
    const scores = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
    const std = Math.sqrt(scores.reduce((sum, score) => sum + (score - mean) ** 2, 0) / scores.length);
    const expected = [mean - (1.96 * std) / Math.sqrt(scores.length), mean + (1.96 * std) / Math.sqrt(20)];
    const estimate = proportionCi(1, 20);
    expect(estimate.normalCi95?.[0]).toBeCloseTo(expected[0] ?? Number.NaN, 14);
    expect(estimate.normalCi95?.[1]).toBeCloseTo(expected[1] ?? Number.NaN, 14);
    expect(estimate.normalCi95?.[0]).toBeLessThan(0);
    expect(estimate.ci95[0]).toBeGreaterThan(0);
  });

  it("has a zero-width spec interval but a real Wilson one at 0/n", () => {
    expect(proportionCi(0, 50).normalCi95).toEqual([0, 0]);
    expect(proportionCi(0, 50).ci95[1]).toBeGreaterThan(0.07);
    expect(proportionCi(0, 0)).toMatchObject({ accuracy: 0, ci95: [0, 1], normalCi95: null });
  });
});
