// Records one ended request of a profile: its profile_export.jsonl line, and (past the warmup) the statistics.
import type { GenerationResult, GenerationStatus } from "../core/generation.js";
import type { MetricsCollector } from "../metrics/metrics-collector.js";
import { computeRequestMetrics, type RequestMetrics, type SendTimes } from "../metrics/request-metrics.js";
import type { ProfileExportWriter } from "../results/profile-export-writer.js";
import type { ReplicaFigures } from "../results/summarize-replicas.js";
import { writeProfileExportLine } from "./profile-export-line.js";
import { createReplicaTallies } from "./replica-tallies.js";

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
  /** With several replicas: the one that answered, and those left after a connection error (else null). */
  replica?: string | null;
  replicaFailures?: readonly string[] | null;
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
    replica: result.replica ?? null,
    replicaFailures: result.replicaFailures ?? null,
  };
}

export interface ProfileRecorder {
  /** Returns whether the request was a warmup request (left out of the statistics). */
  record(ended: EndedRequest): boolean;
  /** Per-replica figures of the measured requests; undefined when none named a replica (one server). */
  replicas(): ReplicaFigures[] | undefined;
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
  /** The replicas (`--base-url` list, redacted) in the order their figures are given. */
  replicaOrder?: readonly string[];
}): ProfileRecorder {
  const { exportFile, collector, warmup, runStartMs } = options;
  const lineOptions = { indexBase: options.indexBase ?? 0, isChunkTimed: options.isChunkTimed ?? false };
  const tallies = createReplicaTallies(options.replicaOrder);
  return {
    record(ended) {
      const { index, metrics } = ended;
      const isWarmup = index < warmup;
      writeProfileExportLine(exportFile.line, ended, isWarmup, warmup, runStartMs, lineOptions);
      exportFile.endLine();
      if (isWarmup) return true;
      collector.add(metrics, ended.sentMs, ended.deltaTimesMs);
      tallies.add(metrics, ended.sentMs, ended.deltaTimesMs, ended.replica, ended.replicaFailures);
      return false;
    },
    replicas: () => tallies.figures(),
  };
}
