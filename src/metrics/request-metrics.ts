// Per-request serving metrics from a GenerationResult's timings and its scheduled send time (pure, no allocation
// beyond the returned object).
import type { GenerationResult, GenerationStatus } from "../core/generation.js";

export interface RequestMetrics {
  /** Actual send − intended send: waiting for a concurrency slot plus the client's own lateness. */
  queueMs: number;
  /** Actual send − the moment it could go (intended, or when a slot freed): the client's lateness alone. */
  sendLagMs: number;
  timeToFirstByteMs: number | null;
  /** First non-empty content or reasoning delta. */
  ttftMs: number | null;
  /** First answer (non-reasoning) delta. */
  timeToFirstOutputTokenMs: number | null;
  /** Gap from the first to the second delta. */
  timeToSecondTokenMs: number | null;
  /** (e2e − TTFT) / (output tokens − 1), aiperf's ITL; null below 2 tokens. */
  itlMs: number | null;
  /** vLLM's TPOT: the same per-request formula as `itlMs`, kept under vLLM's name. */
  tpotMs: number | null;
  e2eLatencyMs: number;
  /** Output tokens ÷ (e2e − TTFT) seconds after the first: aiperf's per-user output token throughput. */
  outputTokensPerSecondPerUser: number | null;
  /** Output tokens ÷ e2e seconds: the whole request's generation rate (a run's `generation_tokens_per_s`). */
  outputTokensPerSecond: number | null;
  /** Input tokens ÷ TTFT seconds: the prefill rate (the llm-benchmarker spec's `tokens_per_second_prompt`). */
  inputTokensPerSecond: number | null;
  inputTokens: number | null;
  outputTokens: number;
  /** True when the server sent no usage and `outputTokens` counts the non-empty deltas instead. */
  isOutputTokensCounted: boolean;
  /** Non-empty deltas received. */
  chunks: number;
  errorClass: string | null;
}

export interface SendTimes {
  intendedMs: number;
  readyMs: number;
}

/**
 * The class an error is counted under: its fault class (`http_429`, `timeout_idle`, `stream_reset`, …: see
 * src/core/fault-classes.ts) when the backend gave one, else `timeout`, `http_<status>` or the backend's error
 * code; null when ok.
 */
export function errorClass(
  status: GenerationStatus,
  error:
    | {
        code: string;
        httpStatus?: number | undefined;
        http_status?: number | undefined;
        fault?: string | undefined;
      }
    | undefined,
): string | null {
  if (status === "ok") return null;
  if (status === "aborted") return status;
  if (error?.fault !== undefined) return error.fault;
  if (status === "timeout") return status;
  const httpStatus = error?.httpStatus ?? error?.http_status;
  if (httpStatus !== undefined) return `http_${httpStatus}`;
  return error?.code ?? "error";
}

export function computeRequestMetrics(result: GenerationResult, send: SendTimes): RequestMetrics {
  const { sentMs, firstByteMs, firstContentMs, firstAnswerMs, deltaTimesMs, endMs } = result.timings;
  const chunks = deltaTimesMs.length;
  const reported = result.usage.completionTokens;
  const outputTokens = reported ?? chunks;
  const e2eLatencyMs = endMs - sentMs;
  const ttftMs = firstContentMs === undefined ? null : firstContentMs - sentMs;
  const first = deltaTimesMs[0];
  const second = deltaTimesMs[1];
  const itlMs = ttftMs !== null && outputTokens > 1 ? (e2eLatencyMs - ttftMs) / (outputTokens - 1) : null;
  return {
    queueMs: sentMs - send.intendedMs,
    sendLagMs: sentMs - send.readyMs,
    timeToFirstByteMs: firstByteMs === undefined ? null : firstByteMs - sentMs,
    ttftMs,
    timeToFirstOutputTokenMs: firstAnswerMs === undefined ? null : firstAnswerMs - sentMs,
    timeToSecondTokenMs: first !== undefined && second !== undefined ? second - first : null,
    itlMs,
    tpotMs: itlMs,
    e2eLatencyMs,
    outputTokensPerSecondPerUser: decodeRate(outputTokens, ttftMs, e2eLatencyMs),
    outputTokensPerSecond: e2eLatencyMs > 0 ? outputTokens / (e2eLatencyMs / 1000) : null,
    inputTokensPerSecond: prefillRate(result.usage.promptTokens ?? null, ttftMs),
    inputTokens: result.usage.promptTokens ?? null,
    outputTokens,
    isOutputTokensCounted: reported === undefined,
    chunks,
    errorClass: errorClass(result.status, result.error),
  };
}

/** Input tokens ÷ TTFT seconds; null without either. */
export function prefillRate(inputTokens: number | null, ttftMs: number | null): number | null {
  return inputTokens !== null && ttftMs !== null && ttftMs > 0 ? inputTokens / (ttftMs / 1000) : null;
}

/** (output tokens − 1) ÷ the seconds after the first token: aiperf's per-user rate, the spec's generation rate. */
export function decodeRate(outputTokens: number, ttftMs: number | null, e2eLatencyMs: number): number | null {
  const decodeMs = ttftMs === null ? 0 : e2eLatencyMs - ttftMs;
  return ttftMs !== null && outputTokens > 1 && decodeMs > 0 ? (outputTokens - 1) / (decodeMs / 1000) : null;
}
