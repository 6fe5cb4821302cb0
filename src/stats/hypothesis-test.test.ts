import { describe, expect, it } from "vitest";
import { gateAccuracy, minimumDetectableEffect, thetaTable, thresholdOffset } from "./hypothesis-test.js";
import { normalCdf, normalQuantile } from "./normal-distribution.js";

describe("normalQuantile", () => {
  it("matches known quantiles of the standard normal to double precision", () => {
    const known: [number, number][] = [
      [0.05, -1.6448536269514722],
      [0.2, -0.8416212335729143],
      [0.975, 1.959963984540054],
      [0.001, -3.090232306167813],
      [0.5, 0],
    ];
    for (const [p, z] of known) expect(Math.abs(normalQuantile(p) - z)).toBeLessThan(1e-14);
  });

  it("inverts the CDF", () => {
    for (const p of [0.01, 0.1, 0.3, 0.7, 0.99]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 14);
  });
});

describe("thetaTable", () => {
  const params = { sigma: 50, alpha: 0.05, beta: 0.2 };

  it("gives the issue's figures for N = 14042, σ = 50, α = 0.05, β = 0.2 to 6 decimals", () => {
    const rows = thetaTable(params, 14_042);
    expect(rows.map((row) => row.numSamples)).toEqual([
      32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 14_042,
    ]);
    const figures = (n: number) => {
      const row = rows.find((entry) => entry.numSamples === n);
      return [row?.theta.toFixed(6), row?.thresholdMinusReference.toFixed(6)];
    };
    expect(figures(32)).toEqual(["31.080936", "-20.560670"]);
    expect(figures(4096)).toEqual(["2.747193", "-1.817324"]);
    expect(figures(14_042)).toEqual(["1.483729", "-0.981517"]);
  });

  it("ends at N when N is itself a power of two", () => {
    expect(thetaTable(params, 128).map((row) => row.numSamples)).toEqual([32, 64, 128]);
  });

  it("shrinks θ as 1/√n", () => {
    expect(minimumDetectableEffect(params, 400) / minimumDetectableEffect(params, 100)).toBeCloseTo(0.5, 12);
    expect(thresholdOffset(params, 100)).toBeCloseTo(-1.6448536269514722 * Math.sqrt(50), 12);
  });
});

describe("gateAccuracy", () => {
  const params = { sigma: 50, alpha: 0.05, beta: 0.2 };

  it("passes at the reference and fails well below the threshold", () => {
    // n = 1319: γ = 70 − 1.6449·√(5000/1319) = 70 − 3.2025 = 66.7975
    const atReference = gateAccuracy({ reference: 70, measured: 70, n: 1319 }, params);
    expect(atReference.threshold).toBeCloseTo(66.7975, 4);
    expect(atReference.isPassed).toBe(true);
    expect(gateAccuracy({ reference: 70, measured: 66.9, n: 1319 }, params).isPassed).toBe(true);
    expect(gateAccuracy({ reference: 70, measured: 65, n: 1319 }, params).isPassed).toBe(false);
  });
});

describe("a lower-is-better score (perplexity, WER)", () => {
  // The worked example: σ 4.48, n 86, α 0.01, β 0.2, reference 5.0 → θ 2.164336, threshold 6.589346.
  const params = { sigma: 4.48, alpha: 0.01, beta: 0.2, higherIsBetter: false };

  it("puts the threshold above the reference by the same distance, θ unchanged", () => {
    expect(minimumDetectableEffect(params, 86)).toBeCloseTo(2.164336, 6);
    expect(thresholdOffset(params, 86)).toBeCloseTo(6.589346 - 5, 6);
    expect(thresholdOffset({ ...params, higherIsBetter: true }, 86)).toBeCloseTo(5 - 6.589346, 6);
    const verdict = gateAccuracy({ reference: 5, measured: 6.5, n: 86 }, params);
    expect(verdict.threshold).toBeCloseTo(6.589346, 6);
    expect(verdict.isPassed).toBe(true);
    expect(gateAccuracy({ reference: 5, measured: 6.6, n: 86 }, params).isPassed).toBe(false);
    expect(gateAccuracy({ reference: 5, measured: 3, n: 86 }, params).isPassed).toBe(true);
  });

  it("takes σ 0 (a task that does not vary): θ 0 and the threshold is the reference, either way", () => {
    for (const higherIsBetter of [true, false]) {
      const zero = { sigma: 0, alpha: 0.5, beta: 0.2, higherIsBetter };
      expect(minimumDetectableEffect(zero, 20)).toBe(0);
      expect(Object.is(thresholdOffset(zero, 20), 0)).toBe(true);
      const verdict = gateAccuracy({ reference: 99, measured: 99, n: 20 }, zero);
      expect(verdict.threshold).toBe(99);
      expect(verdict.isPassed).toBe(true);
    }
    expect(
      gateAccuracy({ reference: 99, measured: 95, n: 20 }, { sigma: 0, alpha: 0.5, beta: 0.2 }).isPassed,
    ).toBe(false);
  });
});
