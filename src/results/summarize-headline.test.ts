import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { sampleRecord } from "../core/test-support/sample-record.js";
import { benchmarkResult } from "./benchmark-result.js";
import { summarizeBenchmark } from "./summarize-benchmark.js";
import { headlineLabel, headlineValue } from "./summarize-headline.js";
import { summarizeScores } from "./summarize-scores.js";

let next = 0;
const record = (task: string, scores: SampleRecord["scores"], status: SampleRecord["status"] = "ok") =>
  sampleRecord({
    benchmark: "b",
    id: `${task}/${next++}`,
    task,
    status,
    correct: false,
    ...(scores === undefined ? {} : { scores }),
  });

describe("headline scores", () => {
  it("is a metric's mean × scale with the metric's CI (rouge1 × 100), failed samples left out", () => {
    const records = [
      record("cnn", { rouge1: 0.5, rouge2: 0.1 }),
      record("cnn", { rouge1: 0.25, rouge2: 0.2 }),
      record("cnn", { rouge1: 0.9, rouge2: 0.3 }, "error"),
    ];
    const summary = summarizeBenchmark("cnn", 3, records, {
      headline: { metric: "rouge1", scale: 100, higherIsBetter: true },
    });
    const rouge1 = summarizeScores(records).find((metric) => metric.name === "rouge1");
    expect(summary.headline).toEqual({
      metric: "rouge1",
      scale: 100,
      higherIsBetter: true,
      value: 37.5,
      ci95: [(rouge1?.ci95[0] ?? 0) * 100, (rouge1?.ci95[1] ?? 0) * 100],
      standardError: (rouge1?.standardError ?? 0) * 100,
      count: 2,
    });
    expect(summary.isMetricsOnly).toBe(true);
    const json = benchmarkResult({
      summary,
      model: "m",
      timestamp: "t",
      config: {},
      metrics: {} as never,
      records,
    });
    expect(json["headline"]).toMatchObject({
      metric: "rouge1",
      higher_is_better: true,
      value: 37.5,
      num_samples: 2,
    });
    expect(headlineLabel({ metric: "rouge1", scale: 100 })).toBe("rouge1 × 100");
  });

  it("is exp of a pooled ratio for a perplexity, lower is better", () => {
    const records = [
      record("doc", { word_perplexity: { numerator: 10, denominator: 4, exp: true } }),
      record("doc", { word_perplexity: { numerator: 2, denominator: 4, exp: true } }),
    ];
    const summary = summarizeBenchmark("wikitext", 2, records, {
      headline: { metric: "word_perplexity", scale: 1, higherIsBetter: false },
    });
    expect(summary.headline?.value).toBeCloseTo(Math.exp(12 / 8), 12);
    expect(summary.headline?.higherIsBetter).toBe(false);
    const metric = summary.scoreMetrics?.[0];
    expect(metric).toMatchObject({ kind: "ratio", exp: true, numerator: 12, denominator: 8 });
    // The CI is the pooled ratio's bootstrap interval through exp: resamples pool 12/8 ± the documents' spread.
    expect(metric?.ci95[0]).toBeGreaterThanOrEqual(Math.exp(2 / 4) - 1e-12);
    expect(metric?.ci95[1]).toBeLessThanOrEqual(Math.exp(10 / 4) + 1e-12);
    expect(metric?.ci95[0]).toBeLessThan(metric?.mean ?? 0);
    expect(metric?.ci95[1]).toBeGreaterThan(metric?.mean ?? 0);
    // Delta method: se(exp R) = exp(R)·se(R).
    const ratio = summarizeScores([
      record("doc", { r: { numerator: 10, denominator: 4 } }),
      record("doc", { r: { numerator: 2, denominator: 4 } }),
    ])[0];
    expect(metric?.standardError).toBeCloseTo(Math.exp(1.5) * (ratio?.standardError ?? 0), 12);
  });

  it("averages the tasks' values for a task-mean headline (ZeroSCROLLS): geometric mean of means for rouge tasks", () => {
    const records = [
      record("gov_report", { score: 0, rouge1: 0.5, rouge2: 0.2, rougeL: 0.4 }),
      record("gov_report", { score: 0, rouge1: 0.3, rouge2: 0.0, rougeL: 0.2 }),
      record("quality", { score: 1, accuracy: true }),
      record("quality", { score: 0, accuracy: false }),
      record("quality", { score: 1, accuracy: true }),
      record("qasper", { score: 0.2, f1: 0.2 }, "error"),
    ];
    const summary = summarizeBenchmark("zeroscrolls", 6, records, {
      headline: {
        metric: "score",
        scale: 100,
        higherIsBetter: true,
        aggregate: "task-mean",
        geometricMeanOf: ["rouge1", "rouge2", "rougeL"],
      },
    });
    // gov_report: (0.4 · 0.1 · 0.3)^(1/3), not the mean of the answers' own geometric means (0 and 0.34…).
    const govReport = 100 * Math.cbrt(0.4 * 0.1 * 0.3);
    const quality = (100 * 2) / 3;
    expect(Object.keys(summary.headline?.tasks ?? {})).toEqual(["gov_report", "quality"]);
    expect(summary.headline?.tasks?.["gov_report"]).toBeCloseTo(govReport, 10);
    expect(summary.headline?.tasks?.["quality"]).toBeCloseTo(quality, 10);
    expect(summary.headline?.value).toBeCloseTo((govReport + quality) / 2, 10);
    expect(summary.headline?.count).toBe(5);
    const [low = 0, high = 0] = summary.headline?.ci95 ?? [];
    expect(low).toBeLessThan(summary.headline?.value ?? 0);
    expect(high).toBeGreaterThan(summary.headline?.value ?? 0);
    expect(headlineLabel({ metric: "score", scale: 100, tasks: {} })).toBe("score × 100 (mean over tasks)");
    // compare's recomputation from the graded samples' values gives the same figure.
    const graded = records.filter((each) => each.status === "ok");
    expect(
      headlineValue(graded, {
        metric: "score",
        scale: 100,
        higherIsBetter: true,
        aggregate: "task-mean",
        geometricMeanOf: ["rouge1", "rouge2", "rougeL"],
      }),
    ).toBeCloseTo(summary.headline?.value ?? 0, 10);
  });

  it("is absent when no graded sample carries the metric", () => {
    const summary = summarizeBenchmark("cnn", 1, [record("cnn", { rouge1: 1 }, "error")], {
      headline: { metric: "rouge1", scale: 100, higherIsBetter: true },
    });
    expect(summary.headline).toBeUndefined();
  });
});
