// A run's `aggregated_metrics` from its journal records, through the one metrics aggregator (`MetricsCollector`).

import type { SampleRecord } from "../core/sample-record.js";
import type { MetricStats } from "../metrics/metric-stats.js";
import { MetricsCollector } from "../metrics/metrics-collector.js";
import { RUN_METRIC_COLUMNS } from "../metrics/request-metric-columns.js";
import { decodeRate, errorClass, prefillRate, type RequestMetrics } from "../metrics/request-metrics.js";

export interface AggregatedMetrics {
  ttft_mean_ms: number | null;
  ttft_p50_ms: number | null;
  ttft_p95_ms: number | null;
  ttft_p99_ms: number | null;
  latency_mean_ms: number | null;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  latency_p99_ms: number | null;
  itl_mean_ms: number | null;
  itl_p50_ms: number | null;
  itl_p95_ms: number | null;
  itl_p99_ms: number | null;
  /** Mean over requests of output tokens ÷ end-to-end seconds. */
  generation_tokens_per_s_mean: number | null;
  /** Mean and median over requests of (output tokens − 1) ÷ decode seconds (the llm-benchmarker spec's). */
  generation_tps_mean: number | null;
  generation_tps_p50: number | null;
  /** Mean over requests of prompt tokens ÷ TTFT seconds (the llm-benchmarker spec's). */
  prompt_tps_mean: number | null;
  /** All output tokens ÷ wall time. */
  output_throughput_tokens_per_s: number | null;
  request_throughput_rps: number | null;
  total_prompt_tokens: number;
  total_output_tokens: number;
  successful_requests: number;
  failed_requests: number;
  wall_time_s: number;
}

/**
 * The per-request metrics a journal record keeps (times relative to its send; no queue or send lag, which only a
 * profile measures). Token counts are the server's: a record without usage counts no tokens.
 */
export function recordRequestMetrics(record: SampleRecord): RequestMetrics {
  const { timings, usage } = record;
  const completionTokens = usage.completion_tokens;
  return {
    queueMs: 0,
    sendLagMs: 0,
    timeToFirstByteMs: timings.ttfb_ms,
    ttftMs: timings.ttft_ms,
    timeToFirstOutputTokenMs: null,
    timeToSecondTokenMs: null,
    itlMs: timings.itl_ms,
    tpotMs: timings.itl_ms,
    e2eLatencyMs: timings.e2e_ms,
    outputTokensPerSecondPerUser:
      completionTokens === null ? null : decodeRate(completionTokens, timings.ttft_ms, timings.e2e_ms),
    inputTokensPerSecond: prefillRate(usage.prompt_tokens, timings.ttft_ms),
    outputTokensPerSecond:
      completionTokens !== null && timings.e2e_ms > 0 ? completionTokens / (timings.e2e_ms / 1000) : null,
    inputTokens: usage.prompt_tokens,
    outputTokens: completionTokens ?? 0,
    isOutputTokensCounted: false,
    chunks: timings.chunks,
    errorClass: errorClass(record.status, record.error ?? undefined),
  };
}

/** `wallTimeMs`: the records' sending time (`recordsWallTimeMs`), which the throughputs divide by. */
export function aggregateRecordMetrics(
  records: readonly SampleRecord[],
  wallTimeMs: number,
): AggregatedMetrics {
  const collector = new MetricsCollector({ columns: RUN_METRIC_COLUMNS, precision: 64 });
  const noDeltas: number[] = [];
  for (const record of records)
    collector.add(recordRequestMetrics(record), record.timings.sent_at_ms, noDeltas);
  const summary = collector.summary();
  const stat = (key: string, field: "mean" | "p50" | "p95" | "p99"): number | null =>
    (summary.metrics[key] as MetricStats | undefined)?.[field] ?? null;
  const wallTimeS = wallTimeMs / 1000;
  return {
    ttft_mean_ms: stat("ttft_ms", "mean"),
    ttft_p50_ms: stat("ttft_ms", "p50"),
    ttft_p95_ms: stat("ttft_ms", "p95"),
    ttft_p99_ms: stat("ttft_ms", "p99"),
    latency_mean_ms: stat("e2e_latency_ms", "mean"),
    latency_p50_ms: stat("e2e_latency_ms", "p50"),
    latency_p95_ms: stat("e2e_latency_ms", "p95"),
    latency_p99_ms: stat("e2e_latency_ms", "p99"),
    itl_mean_ms: stat("itl_ms", "mean"),
    itl_p50_ms: stat("itl_ms", "p50"),
    itl_p95_ms: stat("itl_ms", "p95"),
    itl_p99_ms: stat("itl_ms", "p99"),
    generation_tokens_per_s_mean: stat("generation_tokens_per_s", "mean"),
    generation_tps_mean: stat("output_token_throughput_per_user_tps", "mean"),
    generation_tps_p50: stat("output_token_throughput_per_user_tps", "p50"),
    prompt_tps_mean: stat("prefill_tokens_per_s", "mean"),
    output_throughput_tokens_per_s: wallTimeS > 0 ? summary.total_output_tokens / wallTimeS : null,
    request_throughput_rps: wallTimeS > 0 ? summary.successful_requests / wallTimeS : null,
    total_prompt_tokens: summary.total_input_tokens,
    total_output_tokens: summary.total_output_tokens,
    successful_requests: summary.successful_requests,
    failed_requests: summary.failed_requests,
    wall_time_s: wallTimeS,
  };
}

/**
 * Sending time of `records` (ms): per session (a run, each resume, each shard of a merged run) its earliest send to
 * its latest end. Sessions one after another add up; given each session's start on the wall clock
 * (`sessionStartsMs`, epoch ms), sessions that overlapped — the shards of a merged run, sent at once from several
 * machines — count once: the length of the union of their windows.
 */
export function recordsWallTimeMs(
  records: readonly SampleRecord[],
  sessionStartsMs?: ReadonlyMap<number, number>,
): number {
  const spans = new Map<number, { start: number; end: number }>();
  for (const record of records) {
    const end = record.timings.sent_at_ms + record.timings.e2e_ms;
    const span = spans.get(record.session);
    if (span === undefined) spans.set(record.session, { start: record.timings.sent_at_ms, end });
    else {
      span.start = Math.min(span.start, record.timings.sent_at_ms);
      span.end = Math.max(span.end, end);
    }
  }
  const isPlaced =
    sessionStartsMs !== undefined && [...spans.keys()].every((session) => sessionStartsMs.has(session));
  if (!isPlaced) {
    let total = 0;
    for (const span of spans.values()) total += span.end - span.start;
    return total;
  }
  const windows = [...spans].map(([session, span]) => {
    const origin = sessionStartsMs.get(session) ?? 0;
    return { start: origin + span.start, end: origin + span.end };
  });
  windows.sort((a, b) => a.start - b.start);
  let total = 0;
  let current: { start: number; end: number } | undefined;
  for (const window of windows) {
    if (current === undefined || window.start > current.end) {
      if (current !== undefined) total += current.end - current.start;
      current = { ...window };
    } else {
      current.end = Math.max(current.end, window.end);
    }
  }
  return current === undefined ? total : total + current.end - current.start;
}
