import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { sampleRecord } from "../core/test-support/sample-record.js";
import { benchmarkResult } from "./benchmark-result.js";
import { summarizeBenchmark } from "./summarize-benchmark.js";
import { summarizeScores, summarizeScoresByTask } from "./summarize-scores.js";

const record = (
  task: string,
  scores: SampleRecord["scores"],
  status: SampleRecord["status"] = "ok",
): SampleRecord =>
  sampleRecord({
    benchmark: "ifeval",
    id: `${task}/${Math.random()}`,
    task,
    status,
    correct: scores?.["strict"] === true,
    ...(scores === undefined ? {} : { scores }),
  });

describe("summarizeScores with ratio parts", () => {
  // Instruction level as IFEval pools it: 1/1 + 1/3 + 3/4 = 5/8 instructions, not the mean of the three fractions.
  const records = [
    record("English", { strict: true, inst: { numerator: 1, denominator: 1 } }),
    record("English", { strict: false, inst: { numerator: 1, denominator: 3 } }),
    record("French", { strict: false, inst: { numerator: 3, denominator: 4 } }),
    record("French", { strict: true, inst: { numerator: 2, denominator: 2 } }, "error"),
  ];

  it("pools a ratio over the graded samples (Σ numerators / Σ denominators) with its sums, CI and delta-method SE", () => {
    const [strict, inst] = summarizeScores(records);
    expect(strict).toMatchObject({ name: "strict", kind: "boolean", count: 3, mean: 1 / 3 });
    expect(inst).toMatchObject({ name: "inst", kind: "ratio", count: 3, numerator: 5, denominator: 8 });
    expect(inst?.mean).toBeCloseTo(5 / 8, 12);
    // Residuals n − R·d: 1 − 5/8, 1 − 15/8, 3 − 20/8 → squares sum 0.140625 + 0.765625 + 0.25 = 1.15625.
    const meanDenominator = 8 / 3;
    expect(inst?.standardError).toBeCloseTo(Math.sqrt(1.15625 / (3 * 2)) / meanDenominator, 12);
    expect(inst?.stddev).toBeCloseTo(Math.sqrt(1.15625 / 3) / meanDenominator, 12);
    const [low = Number.NaN, high = Number.NaN] = inst?.ci95 ?? [];
    expect(low).toBeLessThanOrEqual(5 / 8);
    expect(high).toBeGreaterThanOrEqual(5 / 8);
    expect(low).toBeGreaterThanOrEqual(1 / 3);
    expect(high).toBeLessThanOrEqual(1);
    // Seeded: the same records give the same interval.
    expect(summarizeScores(records)[1]?.ci95).toEqual(inst?.ci95);
  });

  it("reports each task's metrics when there are several tasks, in the result's tasks too", () => {
    const byTask = summarizeScoresByTask(records.filter((each) => each.status === "ok"));
    expect(byTask.get("English")?.[1]).toMatchObject({ kind: "ratio", numerator: 2, denominator: 4 });
    expect(byTask.get("French")?.[1]).toMatchObject({ kind: "ratio", numerator: 3, denominator: 4 });
    const summary = summarizeBenchmark("ifeval", 4, records);
    expect(summary.tasks.map((row) => row.metrics?.map((metric) => metric.mean))).toEqual([
      [0.5, 0.5],
      [0, 0.75],
    ]);
    const result = benchmarkResult({
      summary,
      model: "m",
      timestamp: "t",
      config: {},
      metrics: {} as never,
      records,
    }) as { metrics: Record<string, unknown>; tasks: { metrics?: Record<string, unknown> }[] };
    expect(result.metrics["inst"]).toMatchObject({
      kind: "ratio",
      mean: 5 / 8,
      numerator: 5,
      denominator: 8,
    });
    expect(result.tasks[1]?.metrics?.["inst"]).toMatchObject({ mean: 0.75, numerator: 3, denominator: 4 });
  });

  it("gives a benchmark of one task no per-task metrics, and a ratio-only scorer no accuracy", () => {
    const one = summarizeBenchmark("ifeval", 2, records.slice(0, 2));
    expect(one.tasks[0]?.metrics).toBeUndefined();
    const ratiosOnly = summarizeBenchmark("x", 1, [record("x", { f: { numerator: 1, denominator: 2 } })]);
    expect(ratiosOnly.isMetricsOnly).toBe(true);
  });

  it("counts a name given as a number on some samples and a ratio on others as the mean of their values", () => {
    const [mixed] = summarizeScores([
      record("x", { f: 1 }),
      record("x", { f: { numerator: 1, denominator: 4 } }),
    ]);
    expect(mixed).toMatchObject({ kind: "number", count: 2, mean: 0.625 });
  });
});
