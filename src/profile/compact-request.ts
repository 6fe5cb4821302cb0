// One profile request as a `--workers` compact record (worker side) and back into an EndedRequest (parent side).
import type { GenerationResult, GenerationStatus, TokenUsage } from "../core/generation.js";
import type { Dispatch } from "../engine/scheduler.js";
import type { CompactLabels, CompactRecord, CompactRecordInput } from "../load-workers/compact-records.js";
import { computeRequestMetrics, errorClass } from "../metrics/request-metrics.js";
import type { EndedRequest } from "./profile-recorder.js";

const STATUSES: readonly GenerationStatus[] = ["ok", "error", "timeout", "aborted"];

const orNaN = (value: number | undefined): number => value ?? Number.NaN;
const orUndefined = (value: number): number | undefined => (Number.isNaN(value) ? undefined : value);

export function toCompactRequest(
  index: number,
  dispatch: Dispatch,
  result: GenerationResult,
  targetInputTokens: number | undefined,
): { record: CompactRecordInput; labels: CompactLabels } {
  const { timings, usage } = result;
  return {
    record: {
      index,
      intendedMs: dispatch.intendedMs,
      readyMs: dispatch.readyMs,
      sentMs: timings.sentMs,
      firstByteMs: orNaN(timings.firstByteMs),
      firstContentMs: orNaN(timings.firstContentMs),
      firstAnswerMs: orNaN(timings.firstAnswerMs),
      secondContentMs: orNaN(timings.deltaTimesMs[1]),
      endMs: timings.endMs,
      inputTokens: orNaN(usage.promptTokens),
      outputTokens: usage.completionTokens ?? timings.deltaTimesMs.length,
      chunkCount: timings.deltaTimesMs.length,
      statusCode: STATUSES.indexOf(result.status),
      isCountEstimated: usage.completionTokens === undefined ? 1 : 0,
      targetInputTokens: orNaN(targetInputTokens),
    },
    labels: {
      errorClass: errorClass(result.status, result.error),
      error: result.error?.message ?? null,
      finishReason: result.finishReason,
      ...(result.replica === undefined ? {} : { replica: result.replica }),
      ...(result.replicaFailures === undefined ? {} : { replicaFailures: result.replicaFailures.join(" ") }),
    },
  };
}

/** The parent's view of a worker's request: the same metrics `computeRequestMetrics` gives in-process. */
export function endedFromCompact(
  record: CompactRecord,
  deltaTimesMs: Float64Array,
  labels: CompactLabels,
): EndedRequest {
  const status = STATUSES[record.statusCode] ?? "error";
  const usage: TokenUsage = {};
  const promptTokens = orUndefined(record.inputTokens);
  if (promptTokens !== undefined) usage.promptTokens = promptTokens;
  if (record.isCountEstimated === 0) usage.completionTokens = record.outputTokens;
  const firstByteMs = orUndefined(record.firstByteMs);
  const firstContentMs = orUndefined(record.firstContentMs);
  const firstAnswerMs = orUndefined(record.firstAnswerMs);
  const result: GenerationResult = {
    status,
    text: "",
    reasoning: "",
    isThinkUnclosed: false,
    finishReason: "unknown",
    usage,
    timings: {
      sentMs: record.sentMs,
      ...(firstByteMs === undefined ? {} : { firstByteMs }),
      ...(firstContentMs === undefined ? {} : { firstContentMs }),
      ...(firstAnswerMs === undefined ? {} : { firstAnswerMs }),
      deltaTimesMs: Array.from(deltaTimesMs),
      endMs: record.endMs,
    },
    attempts: 1,
  };
  const readyMs = Number.isNaN(record.readyMs) ? record.intendedMs : record.readyMs;
  const metrics = computeRequestMetrics(result, { intendedMs: record.intendedMs, readyMs });
  metrics.errorClass = labels.errorClass;
  return {
    index: record.index,
    status,
    metrics,
    intendedMs: record.intendedMs,
    sentMs: record.sentMs,
    deltaTimesMs,
    error: labels.error,
    finishReason: labels.finishReason,
    targetInputTokens: orUndefined(record.targetInputTokens) ?? null,
    replica: labels.replica ?? null,
    replicaFailures: labels.replicaFailures?.split(" ") ?? null,
  };
}
