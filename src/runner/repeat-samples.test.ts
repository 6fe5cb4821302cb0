// Repeated sampling: each sample N times as <id>#r in a row, the problem and index of each, and a fixed seed varied
// per repeat (N completions are N draws, not N copies).
import { describe, expect, it } from "vitest";
import { repeatParams, repeatSamples } from "./repeat-samples.js";

const SAMPLES = [
  { id: "a", task: "t", gold: "1" },
  { id: "b", task: "t", gold: "2" },
];

describe("repeatSamples", () => {
  it("leaves one completion per sample as it is", () => {
    expect(repeatSamples(SAMPLES, 1)).toEqual({ samples: SAMPLES, repeats: undefined });
  });

  it("repeats each sample N times in a row, with its problem and index", () => {
    const { samples, repeats } = repeatSamples(SAMPLES, 3);
    expect(samples.map((sample) => sample.id)).toEqual(["a#0", "a#1", "a#2", "b#0", "b#1", "b#2"]);
    expect(samples[4]).toEqual({ id: "b#1", task: "t", gold: "2" });
    expect(repeats?.problemOf.get("b#2")).toBe("b");
    expect(repeats?.indexOf.get("b#2")).toBe(2);
  });

  it("varies a fixed seed per repeat and leaves params without one alone", () => {
    const { repeats } = repeatSamples(SAMPLES, 3);
    expect(repeatParams({ seed: 1234, temperature: 0.8 }, repeats, "a#2")).toEqual({
      seed: 1236,
      temperature: 0.8,
    });
    const params = { temperature: 0.8 };
    expect(repeatParams(params, repeats, "a#2")).toBe(params);
    expect(repeatParams({ seed: 5 }, undefined, "a")).toEqual({ seed: 5 });
  });
});
