// The per-request metrics the collector summarizes: JSON key, console label, unit, and which value feeds each.
import type { RequestMetrics } from "./request-metrics.js";

export interface RequestMetricColumn {
  key: string;
  label: string;
  unit: "ms" | "tokens" | "tokens/s";
  /** The request's value; undefined for `inter_chunk_ms`, which is fed one gap at a time. */
  pick?: (metrics: RequestMetrics) => number | null;
  /** Also recorded for failed requests (send-side metrics). */
  isSendSide?: boolean;
}

export const REQUEST_METRIC_COLUMNS: readonly RequestMetricColumn[] = [
  { key: "ttft_ms", label: "Time to First Token", unit: "ms", pick: (m) => m.ttftMs },
  {
    key: "time_to_first_output_token_ms",
    label: "Time to First Output Token",
    unit: "ms",
    pick: (m) => m.timeToFirstOutputTokenMs,
  },
  {
    key: "time_to_second_token_ms",
    label: "Time to Second Token",
    unit: "ms",
    pick: (m) => m.timeToSecondTokenMs,
  },
  { key: "time_to_first_byte_ms", label: "Time to First Byte", unit: "ms", pick: (m) => m.timeToFirstByteMs },
  { key: "e2e_latency_ms", label: "Request Latency", unit: "ms", pick: (m) => m.e2eLatencyMs },
  { key: "itl_ms", label: "Inter Token Latency", unit: "ms", pick: (m) => m.itlMs },
  { key: "tpot_ms", label: "Time per Output Token", unit: "ms", pick: (m) => m.tpotMs },
  { key: "inter_chunk_ms", label: "Inter Chunk Gap", unit: "ms" },
  {
    key: "output_token_throughput_per_user_tps",
    label: "Output Token Throughput Per User",
    unit: "tokens/s",
    pick: (m) => m.outputTokensPerSecondPerUser,
  },
  { key: "input_tokens", label: "Input Sequence Length", unit: "tokens", pick: (m) => m.inputTokens },
  { key: "output_tokens", label: "Output Sequence Length", unit: "tokens", pick: (m) => m.outputTokens },
  { key: "queue_ms", label: "Queue Time", unit: "ms", pick: (m) => m.queueMs, isSendSide: true },
  { key: "send_lag_ms", label: "Send Lag", unit: "ms", pick: (m) => m.sendLagMs, isSendSide: true },
];

/** A run's columns: a profile's, plus each request's whole generation rate and its prefill rate. */
export const RUN_METRIC_COLUMNS: readonly RequestMetricColumn[] = [
  ...REQUEST_METRIC_COLUMNS,
  {
    key: "generation_tokens_per_s",
    label: "Generation Rate",
    unit: "tokens/s",
    pick: (m) => m.outputTokensPerSecond,
  },
  {
    key: "prefill_tokens_per_s",
    label: "Prefill Rate",
    unit: "tokens/s",
    pick: (m) => m.inputTokensPerSecond,
  },
];
