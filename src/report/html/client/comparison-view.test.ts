// The comparison views' pure helpers: the wording of differences, p-values and verdicts, the difference plot's
// axis, and the latency table's percentiles and shared histogram bins.
import { describe, expect, it } from "vitest";
import type { ComparisonReportData, PairedData } from "../comparison-data.js";
import { comparisonOverlaidHistograms, comparisonPercentile } from "./comparison-latency.js";
import { formatPoints, formatPValueText, pairedVerdictText } from "./comparison-view.js";
import { differenceAxisHalfWidth } from "./difference-plot.js";

const pair = (difference: number, pValue: number): PairedData => ({
  baseline: 0,
  candidate: 1,
  n: 1319,
  baselineMean: 0.7,
  candidateMean: 0.7 + difference,
  difference,
  standardError: 0.01,
  ci95: [difference - 0.0196, difference + 0.0196],
  rightToWrong: 60,
  wrongToRight: 6,
  pValue,
  isSignificant: pValue < 0.05,
  verdict: "",
});

const data = {
  runs: [{ label: "A" }, { label: "B" }],
} as unknown as ComparisonReportData;

describe("comparison wording", () => {
  it("states differences in signed points and p-values as compare does", () => {
    expect(formatPoints(-0.041)).toBe("−4.10");
    expect(formatPoints(0.0025)).toBe("+0.25");
    expect(formatPoints(-0.00001)).toBe("0.00");
    expect(formatPValueText(0.0031)).toBe("0.0031");
    expect(formatPValueText(2.3283064365386963e-10)).toBe("2.3e-10");
    expect(formatPValueText(1)).toBe("1.0");
  });

  it("says which way, by how much, and whether it is significant at 0.05", () => {
    expect(pairedVerdictText(data, pair(-0.041, 0.003))).toBe(
      "B is 4.10 points lower than A on 1,319 shared samples, McNemar p = 0.0030: significant at 0.05.",
    );
    expect(pairedVerdictText(data, pair(0.01, 0.2))).toBe(
      "B is 1.00 points higher than A on 1,319 shared samples, McNemar p = 0.20: not significant at 0.05.",
    );
    expect(pairedVerdictText(data, pair(0, 1))).toMatch(/^B scores the same as A on 1,319 shared samples/);
  });
});

describe("difference plot axis", () => {
  const rows = (...bounds: [number, number][]) =>
    bounds.map(([low, high]) => ({
      label: "t",
      note: "",
      marks: [{ value: (low + high) / 2, ci: [low, high] as const, color: "#000", title: "" }],
    }));

  it("is symmetric around 0, wide enough for every whisker, on a 1-2-5 step, at most 100 points", () => {
    expect(differenceAxisHalfWidth(rows([-0.109, -0.055]))).toBeCloseTo(0.2, 12);
    expect(differenceAxisHalfWidth(rows([-0.03, 0.041]))).toBeCloseTo(0.05, 12);
    expect(differenceAxisHalfWidth(rows([-1.13, 1.13]))).toBe(1);
    expect(differenceAxisHalfWidth(rows([0, 0]))).toBeCloseTo(0.01, 12);
  });
});

describe("latency helpers", () => {
  it("interpolates percentiles linearly between ranks", () => {
    expect(comparisonPercentile([10, 20, 30, 40], 50)).toBe(25);
    expect(comparisonPercentile([10, 20, 30, 40], 99)).toBeCloseTo(39.7, 12);
    expect(comparisonPercentile([], 50)).toBeNull();
  });

  it("bins several distributions on shared bins, each as shares of its own count", () => {
    const { x, shares, clippedAbove } = comparisonOverlaidHistograms([[0, 1, 2, 3], [2, 4, 6, 8], []], 4);
    expect(x).toEqual([0, 2, 4, 6]);
    expect(shares).toEqual([[0.5, 0.5, 0, 0], [0, 0.25, 0.25, 0.5], []]);
    expect(clippedAbove).toBeNull();
  });
});
