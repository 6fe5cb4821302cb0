// The aggregated_metrics of a run's result files, on hand-computed journal records.
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { aggregateRecordMetrics, recordsWallTimeMs } from "./aggregate-record-metrics.js";

function record(sentAtMs: number, ttftMs: number, e2eMs: number, tokens: number, isOk = true): SampleRecord {
  return {
    benchmark: "b",
    id: String(sentAtMs),
    task: "b",
    status: isOk ? "ok" : "error",
    prompt: { type: "completion", text: "" },
    response: "",
    reasoning: "",
    extracted: null,
    gold: "",
    correct: false,
    score: 0,
    unparsed: false,
    truncated: false,
    grade_reason: "",
    finish_reason: "stop",
    usage: { prompt_tokens: 10, completion_tokens: tokens },
    timings: {
      sent_at_ms: sentAtMs,
      ttfb_ms: ttftMs,
      ttft_ms: ttftMs,
      e2e_ms: e2eMs,
      itl_ms: (e2eMs - ttftMs) / (tokens - 1),
      chunks: tokens,
    },
    attempts: 1,
    session: 0,
    error: null,
  };
}

describe("recordsWallTimeMs", () => {
  const inSession = (session: number, sentAtMs: number, e2eMs: number): SampleRecord => ({
    ...record(sentAtMs, 10, e2eMs, 2),
    session,
  });

  it("adds up sessions one after another, placed on the wall clock or not", () => {
    const records = [inSession(0, 0, 500), inSession(0, 200, 800), inSession(1, 50, 100)];
    expect(recordsWallTimeMs(records)).toBe(1000 + 100);
    const starts = new Map([
      [0, 1_000_000],
      [1, 1_060_000],
    ]);
    expect(recordsWallTimeMs(records, starts)).toBe(1000 + 100);
  });

  it("counts overlapping sessions (shards sent at once) once: the union of their windows", () => {
    // Shard 0 sends 0..1000 ms after its start, shard 1 100..1400 ms after its own start 300 ms later, shard 2
    // alone later: windows [0, 1000] ∪ [400, 1700] ∪ [5000, 5500] of the wall clock.
    const records = [inSession(0, 0, 1000), inSession(1, 100, 1300), inSession(2, 0, 500)];
    const starts = new Map([
      [0, 0],
      [1, 300],
      [2, 5000],
    ]);
    expect(recordsWallTimeMs(records, starts)).toBe(1700 + 500);
    // A session without a known start: the sessions' spans, summed.
    expect(recordsWallTimeMs(records, new Map([[0, 0]]))).toBe(1000 + 1300 + 500);
  });
});

describe("aggregateRecordMetrics", () => {
  it("percentiles of TTFT, latency and ITL, throughputs and failures", () => {
    const records = [record(0, 100, 500, 5), record(100, 200, 1100, 10), record(200, 300, 900, 3, false)];
    expect(recordsWallTimeMs(records)).toBe(1200); // 0 → 100 + 1100
    const metrics = aggregateRecordMetrics(records, 1000);
    expect(metrics).toMatchObject({
      ttft_mean_ms: 150,
      ttft_p50_ms: 150,
      ttft_p99_ms: 199,
      latency_p50_ms: 800,
      itl_mean_ms: 100, // (400/4 + 900/9) / 2
      itl_p50_ms: 100,
      generation_tokens_per_s_mean: (10 + 10 / 1.1) / 2,
      generation_tps_mean: 10, // (5 − 1) / 0.4 s and (10 − 1) / 0.9 s
      generation_tps_p50: 10,
      prompt_tps_mean: 75, // 10 / 0.1 s and 10 / 0.2 s
      output_throughput_tokens_per_s: 15,
      request_throughput_rps: 2,
      total_prompt_tokens: 20,
      total_output_tokens: 15,
      successful_requests: 2,
      failed_requests: 1,
      wall_time_s: 1,
    });
  });
});
