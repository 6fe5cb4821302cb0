// The Prometheus text exposition of a server's counters with vLLM's metric names, for `GET /metrics`.
import type { ServerCountersSnapshot } from "../serve/server-counters.js";

/** A stand-in KV-cache size: `kv_cache_usage_perc` is running requests over this, capped at 1. */
const KV_CACHE_REQUEST_SLOTS = 256;

/** The Prometheus text exposition of `snapshot`, with vLLM's metric names and a `model_name` label. */
export function renderVllmMetrics(snapshot: ServerCountersSnapshot, model: string): string {
  const label = `model_name=${JSON.stringify(model)}`;
  const lines = [
    "# HELP vllm:prompt_tokens_total Number of prefill tokens processed.",
    "# TYPE vllm:prompt_tokens_total counter",
    `vllm:prompt_tokens_total{${label}} ${snapshot.promptTokens}`,
    "# HELP vllm:generation_tokens_total Number of generation tokens processed.",
    "# TYPE vllm:generation_tokens_total counter",
    `vllm:generation_tokens_total{${label}} ${snapshot.generationTokens}`,
    "# HELP vllm:request_success_total Count of successfully processed requests.",
    "# TYPE vllm:request_success_total counter",
    `vllm:request_success_total{${label},finished_reason="stop"} ${snapshot.successStop}`,
    `vllm:request_success_total{${label},finished_reason="length"} ${snapshot.successLength}`,
    "# HELP vllm:num_preemptions_total Cumulative number of preemptions (always 0 in the mock).",
    "# TYPE vllm:num_preemptions_total counter",
    `vllm:num_preemptions_total{${label}} 0`,
    "# HELP vllm:num_requests_running Number of requests in flight.",
    "# TYPE vllm:num_requests_running gauge",
    `vllm:num_requests_running{${label}} ${snapshot.running}`,
    "# HELP vllm:num_requests_waiting Number of requests waiting (always 0 in the mock).",
    "# TYPE vllm:num_requests_waiting gauge",
    `vllm:num_requests_waiting{${label}} 0`,
    `# HELP vllm:kv_cache_usage_perc Running requests over ${KV_CACHE_REQUEST_SLOTS} slots (a stand-in).`,
    "# TYPE vllm:kv_cache_usage_perc gauge",
    `vllm:kv_cache_usage_perc{${label}} ${Math.min(1, snapshot.running / KV_CACHE_REQUEST_SLOTS)}`,
  ];
  return `${lines.join("\n")}\n`;
}
