import { describe, expect, it } from "vitest";
import { percentile, sortSamples, summarize } from "./summarize.js";

describe("percentile", () => {
  it("matches numpy's linear interpolation", () => {
    const samples = sortSamples([15, 20, 35, 40, 50]);
    // numpy.percentile([15, 20, 35, 40, 50], [0, 25, 40, 50, 90, 100]) = 15, 20, 29, 35, 46, 50
    expect([0, 25, 40, 50, 90, 100].map((q) => percentile(samples, q))).toEqual([15, 20, 29, 35, 46, 50]);
  });

  it("is NaN without samples and the value itself with one", () => {
    expect(percentile(sortSamples([]), 50)).toBeNaN();
    expect(percentile(sortSamples([7]), 99)).toBe(7);
  });
});

describe("summarize", () => {
  it("computes mean, sample sd and extremes of unsorted input after sorting", () => {
    const summary = summarize(sortSamples([4, 1, 3, 2]));
    expect(summary.mean).toBe(2.5);
    expect(summary.sd).toBeCloseTo(Math.sqrt(5 / 3), 12);
    expect([summary.min, summary.max, summary.p50]).toEqual([1, 4, 2.5]);
  });
});
