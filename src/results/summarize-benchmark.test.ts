import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { accuracyCsv } from "./accuracy-csv.js";
import { aggregateRecordMetrics } from "./aggregate-record-metrics.js";
import { benchmarkResult } from "./benchmark-result.js";
import { specResultFile } from "./spec-result-file.js";
import { summarizeBenchmark } from "./summarize-benchmark.js";

const record = (task: string, correct: boolean, status: SampleRecord["status"] = "ok"): SampleRecord => ({
  benchmark: "mmlu",
  id: `${task}/${Math.random()}`,
  task,
  status,
  prompt: { type: "completion", text: "q" },
  response: "A",
  reasoning: "",
  extracted: "A",
  gold: "A",
  correct,
  score: correct ? 1 : 0,
  unparsed: status !== "ok",
  truncated: false,
  grade_reason: "",
  finish_reason: "stop",
  usage: { prompt_tokens: 1, completion_tokens: 1 },
  timings: { sent_at_ms: 0, ttfb_ms: 1, ttft_ms: 1, e2e_ms: 1, itl_ms: null, chunks: 1 },
  attempts: 1,
  session: 0,
  error: null,
});

describe("summarizeBenchmark", () => {
  // anatomy 3/4, virology 1/2: micro 4/6, macro (0.75 + 0.5) / 2
  const records = [
    record("anatomy", true),
    record("anatomy", true),
    record("anatomy", true),
    record("anatomy", false),
    record("virology", true),
    record("virology", false, "error"),
  ];

  it("computes micro and macro accuracy over the graded samples; a failed request is an error, not a wrong answer", () => {
    const summary = summarizeBenchmark("mmlu", 6, records);
    expect(summary.overall.correct).toBe(4);
    expect(summary.overall.total).toBe(5);
    expect(summary.gradedSamples).toBe(5);
    expect(summary.overall.accuracy).toBeCloseTo(4 / 5, 12);
    expect(summary.macroAccuracy).toBeCloseTo(0.875, 12);
    expect(summary.tasks).toEqual([
      { task: "anatomy", correct: 3, total: 4, accuracy: 0.75 },
      { task: "virology", correct: 1, total: 1, accuracy: 1 },
    ]);
    expect(summary.errors).toBe(1);
    expect(summary.unparsed).toBe(0);
    // Six planned, six with a record, one failed: not complete until a --resume grades it.
    expect(summary.isComplete).toBe(false);
    expect(summarizeBenchmark("mmlu", 5, records.slice(0, 5)).isComplete).toBe(true);
  });

  it("writes aiperf's CSV columns with an OVERALL row", () => {
    const csv = accuracyCsv([summarizeBenchmark("mmlu", 6, records)]);
    expect(csv).toBe(
      "Task,Correct,Total,Accuracy\nanatomy,3,4,0.7500\nvirology,1,1,1.0000\nOVERALL,4,5,0.8000\n",
    );
  });

  it("prefixes tasks with the benchmark when a run has several", () => {
    const gsm = summarizeBenchmark("gsm8k", 1, [{ ...record("gsm8k", true), benchmark: "gsm8k" }]);
    const csv = accuracyCsv([summarizeBenchmark("mmlu", 6, records), gsm]);
    expect(csv.split("\n")).toContain("mmlu/OVERALL,4,5,0.8000");
    expect(csv.split("\n")).toContain("gsm8k/OVERALL,1,1,1.0000");
    expect(csv).not.toContain("gsm8k/gsm8k");
  });

  it("writes the Wilson interval as accuracy_ci95 and the spec's normal interval as confidence_interval_95", () => {
    const summary = summarizeBenchmark("mmlu", 6, records);
    const metrics = aggregateRecordMetrics(records, 1000);
    const ours = benchmarkResult({ summary, model: "m", timestamp: "t", config: {}, metrics, records });
    // 4 of 5 graded: Wilson 37.6%–96.4%; the spec's 0.8 ± 1.96·√(0.16/5) reaches past 100%.
    const [low, high] = ours["accuracy_ci95"] as [number, number];
    expect([low.toFixed(4), high.toFixed(4)]).toEqual(["0.3755", "0.9638"]);
    const halfWidth = 1.96 * Math.sqrt((0.8 * 0.2) / 5);
    const [specLow, specHigh] = ours["confidence_interval_95"] as [number, number];
    expect(specLow).toBeCloseTo(0.8 - halfWidth, 12);
    expect(specHigh).toBeCloseTo(0.8 + halfWidth, 12);
    expect(specHigh).toBeGreaterThan(1);
    const spec = specResultFile({
      summary,
      model: "m",
      startedAt: new Date(0),
      config: {
        base_url: null,
        concurrency: 1,
        streaming: true,
        temperature: 0,
        max_tokens: null,
        seed: null,
      },
      metrics,
      records,
    });
    expect(spec["confidence_interval_95"]).toEqual([specLow, specHigh]);
  });
});
