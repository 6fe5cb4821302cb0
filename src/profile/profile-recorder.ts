// Records one ended request of a profile: its profile_export.jsonl line, and (past the warmup) the statistics.
import type { GenerationResult, GenerationStatus } from "../core/generation.js";
import type { MetricsCollector } from "../metrics/metrics-collector.js";
import { computeRequestMetrics, type RequestMetrics, type SendTimes } from "../metrics/request-metrics.js";
import type { ProfileExportWriter } from "../results/profile-export-writer.js";
import { writeProfileExportLine } from "./profile-export-line.js";

export interface EndedRequest {
  /** The request's global index (warmup included). */
  index: number;
  status: GenerationStatus;
  metrics: RequestMetrics;
  intendedMs: number;
  sentMs: number;
  deltaTimesMs: ArrayLike<number>;
  error: string | null;
  finishReason: string | null;
  targetInputTokens: number | null;
}

/** A request that ended with `result`, sent as `times` says. */
export function endedRequest(
  index: number,
  result: GenerationResult,
  times: SendTimes,
  targetInputTokens: number | undefined,
): EndedRequest {
  return {
    index,
    status: result.status,
    metrics: computeRequestMetrics(result, times),
    intendedMs: times.intendedMs,
    sentMs: result.timings.sentMs,
    deltaTimesMs: result.timings.deltaTimesMs,
    error: result.error?.message ?? null,
    finishReason: result.finishReason,
    targetInputTokens: targetInputTokens ?? null,
  };
}

export interface ProfileRecorder {
  /** Returns whether the request was a warmup request (left out of the statistics). */
  record(ended: EndedRequest): boolean;
}

export function createProfileRecorder(options: {
  exportFile: ProfileExportWriter;
  collector: MetricsCollector;
  warmup: number;
  /** Times in the export are relative to this `now()` ms. */
  runStartMs: number;
  /** Added to each export line's index: the requests of a resumed run's earlier sessions (default 0). */
  indexBase?: number;
  /** Each line also keeps its chunks' times (a shard's export, for `merge`). */
  isChunkTimed?: boolean;
}): ProfileRecorder {
  const { exportFile, collector, warmup, runStartMs } = options;
  const lineOptions = { indexBase: options.indexBase ?? 0, isChunkTimed: options.isChunkTimed ?? false };
  return {
    record(ended) {
      const { index, metrics } = ended;
      const isWarmup = index < warmup;
      writeProfileExportLine(exportFile.line, ended, isWarmup, warmup, runStartMs, lineOptions);
      exportFile.endLine();
      if (!isWarmup) collector.add(metrics, ended.sentMs, ended.deltaTimesMs);
      return isWarmup;
    },
  };
}
