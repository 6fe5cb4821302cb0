// Summary statistics (numpy linear percentiles, ddof-0 std), throughputs, goodput and error classes on hand values.
import { describe, expect, it } from "vitest";
import { parseGoodput } from "./goodput.js";
import { MetricColumn } from "./metric-column.js";
import { metricStats } from "./metric-stats.js";
import { MetricsCollector } from "./metrics-collector.js";
import type { RequestMetrics } from "./request-metrics.js";

function metrics(overrides: Partial<RequestMetrics>): RequestMetrics {
  return {
    queueMs: 0,
    sendLagMs: 0,
    timeToFirstByteMs: 5,
    ttftMs: 10,
    timeToFirstOutputTokenMs: 10,
    timeToSecondTokenMs: 2,
    itlMs: 2,
    tpotMs: 2,
    e2eLatencyMs: 100,
    outputTokensPerSecondPerUser: 500,
    outputTokensPerSecond: 200,
    inputTokensPerSecond: 1000,
    inputTokens: 10,
    outputTokens: 20,
    isOutputTokensCounted: false,
    chunks: 20,
    errorClass: null,
    ...overrides,
  };
}

describe("metricStats", () => {
  it("matches numpy: np.percentile([1,2,3,4,10], q) and np.std", () => {
    const stats = metricStats([1, 2, 3, 4, 10]);
    expect(stats).toMatchObject({ count: 5, min: 1, max: 10, mean: 4, p50: 3, p25: 2, p75: 4 });
    expect(stats.p90).toBeCloseTo(7.6, 10); // 4 + 0.6 × 6
    expect(stats.p99).toBeCloseTo(9.76, 10);
    expect(stats.p1).toBeCloseTo(1.04, 10);
    expect(stats.std).toBeCloseTo(Math.sqrt(10), 10); // ((9+4+1+0+36)/5)
  });

  it("is all null for no samples", () => {
    expect(metricStats([])).toMatchObject({ count: 0, min: null, p50: null, mean: null, std: null });
  });
});

describe("MetricColumn", () => {
  it("grows past its initial size and sorts numerically", () => {
    const column = new MetricColumn({ initialSize: 2 });
    for (const value of [30, 4, 200, 1, 15]) column.push(value);
    expect(Array.from(column.sorted())).toEqual([1, 4, 15, 30, 200]);
  });

  it("keeps a bounded uniform sample past its capacity", () => {
    const column = new MetricColumn({ capacity: 1000, seed: 5 });
    for (let value = 0; value < 100_000; value++) column.push(value);
    expect(column.length).toBe(1000);
    expect(column.seen).toBe(100_000);
    const median = metricStats(column.sorted()).p50 ?? 0;
    expect(median).toBeGreaterThan(40_000);
    expect(median).toBeLessThan(60_000);
  });
});

describe("MetricsCollector", () => {
  it("computes throughputs over first send → last end, the achieved rate over the send span, goodput, errors", () => {
    const collector = new MetricsCollector({
      targetRequestRate: 4,
      goodput: parseGoodput("ttft:15 e2e:150"),
    });
    // Sends at 0, 250, 500, 750 ms; the last ends at 750 + 250 = 1000 ms.
    collector.add(metrics({ ttftMs: 10, e2eLatencyMs: 100 }), 0, [10, 12, 15]);
    collector.add(metrics({ ttftMs: 20, e2eLatencyMs: 100 }), 250, [270, 280]);
    collector.add(metrics({ errorClass: "http_503", queueMs: 3, ttftMs: null, outputTokens: 0 }), 500, []);
    collector.add(metrics({ ttftMs: 12, e2eLatencyMs: 250, isOutputTokensCounted: true }), 750, [800]);
    const summary = collector.summary();
    expect(summary).toMatchObject({
      request_count: 4,
      successful_requests: 3,
      failed_requests: 1,
      errors_by_class: { http_503: 1 },
      duration_s: 1,
      request_throughput_rps: 3,
      output_token_throughput_tps: 60,
      total_token_throughput_tps: 90,
      target_request_rate_rps: 4,
      achieved_request_rate_rps: 4, // 3 gaps over 750 ms
      total_input_tokens: 30,
      total_output_tokens: 60,
      output_tokens_counted_requests: 1,
      goodput: { good_requests: 1, goodput_rps: 1 }, // only the first meets ttft ≤ 15 and e2e ≤ 150
    });
    expect(summary.metrics["ttft_ms"]).toMatchObject({ count: 3, min: 10, max: 20, p50: 12 });
    // Send-side metrics include the failed request.
    expect(summary.metrics["queue_ms"]).toMatchObject({ count: 4, max: 3 });
    // Inter-chunk gaps: 2, 3 and 10.
    expect(summary.metrics["inter_chunk_ms"]).toMatchObject({ count: 3, min: 2, max: 10, p50: 3 });
  });
});

describe("parseGoodput", () => {
  it("reads KEY:MS pairs and rejects anything else", () => {
    expect(parseGoodput("ttft:200 itl:20,e2e:5000")).toEqual({ ttft: 200, itl: 20, e2e: 5000 });
    expect(() => parseGoodput("ttft=200")).toThrow(/KEY:MS/);
    expect(() => parseGoodput("speed:3")).toThrow(/KEY:MS/);
    expect(() => parseGoodput("")).toThrow(/expected/);
  });
});
