// A recipe's extra graders in the summary, `<benchmark>.json` and the console table: accuracy and Wilson 95% CI each.
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { sampleRecord } from "../core/test-support/sample-record.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { wilsonInterval } from "../stats/wilson-interval.js";
import { aggregateRecordMetrics } from "./aggregate-record-metrics.js";
import { benchmarkResult } from "./benchmark-result.js";
import { summarizeBenchmark } from "./summarize-benchmark.js";

const STRICT = "lm_eval_gsm8k_strict";
const FLEXIBLE = "lm_eval_gsm8k_flexible";

/** Main verdict `correct`; the flexible grader's verdict `flexible`; a failed request carries none. */
const record = (index: number, correct: boolean, flexible: boolean, status: SampleRecord["status"] = "ok") =>
  sampleRecord({
    id: `test/${index}`,
    status,
    correct,
    ...(status === "ok" ? { extra_grades: { [FLEXIBLE]: { correct: flexible, extracted: "72" } } } : {}),
  });

// Main grader 2 of 5, flexible-extract 4 of 5; one failed request is in neither denominator.
const records = [
  record(0, true, true),
  record(1, false, true),
  record(2, false, true),
  record(3, true, true),
  record(4, false, false),
  record(5, false, false, "error"),
];

describe("extra graders in the results", () => {
  it("summarizes each extra grader over the graded samples, with the main accuracy's Wilson interval", () => {
    const summary = summarizeBenchmark("gsm8k", 6, records);
    expect(summary.overall).toMatchObject({ correct: 2, total: 5 });
    expect(summary.extraGraders).toHaveLength(1);
    const [flexible] = summary.extraGraders ?? [];
    expect(flexible?.grader).toBe(FLEXIBLE);
    expect(flexible?.overall).toMatchObject({ correct: 4, total: 5, accuracy: 0.8 });
    expect(flexible?.overall.ci95).toEqual(wilsonInterval(4, 5));
    expect(flexible?.overall.standardError).toBeCloseTo(Math.sqrt((0.8 * 0.2) / 5), 12);
  });

  it("leaves the field out when no record carries extra grades (old journals, recipes without extras)", () => {
    const plain = records.map(({ extra_grades: _dropped, ...rest }) => rest);
    const summary = summarizeBenchmark("gsm8k", 6, plain);
    expect(summary.extraGraders).toBeUndefined();
    const metrics = aggregateRecordMetrics(plain, 1000);
    const result = benchmarkResult({
      summary,
      model: "m",
      timestamp: "t",
      config: {},
      metrics,
      records: plain,
    });
    expect(result).not.toHaveProperty("extra_metrics");
    expect(accuracyTable(summary)).not.toContain(FLEXIBLE);
  });

  it("keeps several extra graders in the order the records name them", () => {
    const both = [
      sampleRecord({
        id: "a",
        correct: true,
        extra_grades: {
          [STRICT]: { correct: true, extracted: "1" },
          [FLEXIBLE]: { correct: false, extracted: null },
        },
      }),
      sampleRecord({
        id: "b",
        correct: false,
        extra_grades: {
          [STRICT]: { correct: true, extracted: "2" },
          [FLEXIBLE]: { correct: true, extracted: "2" },
        },
      }),
    ];
    const summary = summarizeBenchmark("gsm8k", 2, both);
    expect(summary.extraGraders?.map((extra) => [extra.grader, extra.overall.correct])).toEqual([
      [STRICT, 2],
      [FLEXIBLE, 1],
    ]);
  });

  it("writes extra_metrics and each sample's extra_grades to <benchmark>.json", () => {
    const summary = summarizeBenchmark("gsm8k", 6, records);
    const metrics = aggregateRecordMetrics(records, 1000);
    const result = benchmarkResult({ summary, model: "m", timestamp: "t", config: {}, metrics, records });
    expect(result["extra_metrics"]).toEqual({
      [FLEXIBLE]: {
        accuracy: 0.8,
        accuracy_ci95: wilsonInterval(4, 5),
        accuracy_stderr: expect.closeTo(Math.sqrt((0.8 * 0.2) / 5), 12),
        num_correct: 4,
        num_samples: 5,
      },
    });
    const samples = result["sample_results"] as { id: string; extra_grades?: unknown }[];
    expect(samples[1]?.extra_grades).toEqual({ [FLEXIBLE]: { correct: true, extracted: "72" } });
    expect(samples[5]).not.toHaveProperty("extra_grades");
  });

  it("prints a line per extra grader under the main accuracy in the console table", () => {
    const table = accuracyTable(summarizeBenchmark("gsm8k", 6, records));
    expect(table).toMatch(/^OVERALL\s+2\s+5\s+40\.00%$/m);
    const [low, high] = wilsonInterval(4, 5).map((bound) => (bound * 100).toFixed(1));
    expect(table).toContain(`${FLEXIBLE} 80.00% (4/5), 95% CI ${low}%–${high}% (Wilson)\n`);
  });
});
