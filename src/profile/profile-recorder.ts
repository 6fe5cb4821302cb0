// Records one ended request of a profile: its profile_export.jsonl line, and (past the warmup) the statistics.
import type { GenerationResult, GenerationStatus } from "../core/generation.js";
import type { MetricStats } from "../metrics/metric-stats.js";
import { MetricsCollector } from "../metrics/metrics-collector.js";
import { computeRequestMetrics, type RequestMetrics, type SendTimes } from "../metrics/request-metrics.js";
import type { ProfileExportWriter } from "../results/profile-export-writer.js";
import type { ReplicaFigures } from "../results/summarize-replicas.js";
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

interface ReplicaTally {
  collector: MetricsCollector;
  connectionErrors: number;
}

const CONNECTION_CODES = new Set(["E_CONNECTION", "E_STREAM_INTERRUPTED"]);

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
  const tallies = new Map<string, ReplicaTally>();
  const tally = (replica: string): ReplicaTally => {
    let found = tallies.get(replica);
    if (found === undefined) {
      found = { collector: new MetricsCollector(), connectionErrors: 0 };
      tallies.set(replica, found);
    }
    return found;
  };
  return {
    record(ended) {
      const { index, metrics } = ended;
      const isWarmup = index < warmup;
      writeProfileExportLine(exportFile.line, ended, isWarmup, warmup, runStartMs, lineOptions);
      exportFile.endLine();
      if (isWarmup) return true;
      collector.add(metrics, ended.sentMs, ended.deltaTimesMs);
      for (const replica of ended.replicaFailures ?? []) tally(replica).connectionErrors++;
      if (ended.replica !== undefined && ended.replica !== null) {
        const own = tally(ended.replica);
        own.collector.add(metrics, ended.sentMs, ended.deltaTimesMs);
        if (CONNECTION_CODES.has(metrics.errorClass ?? "")) own.connectionErrors++;
      }
      return false;
    },
    replicas() {
      if (tallies.size === 0) return undefined;
      const names = (options.replicaOrder ?? []).filter((name) => tallies.has(name));
      for (const name of tallies.keys()) if (!names.includes(name)) names.push(name);
      return names.map((replica) => replicaFigures(replica, tally(replica)));
    },
  };
}

function replicaFigures(replica: string, { collector, connectionErrors }: ReplicaTally): ReplicaFigures {
  const summary = collector.summary();
  const stat = (key: string, field: "mean" | "p50" | "p95" | "p99"): number | null =>
    (summary.metrics[key] as MetricStats | undefined)?.[field] ?? null;
  return {
    replica,
    requests: summary.successful_requests + summary.failed_requests,
    successful_requests: summary.successful_requests,
    failed_requests: summary.failed_requests,
    connection_errors: connectionErrors,
    latency_mean_ms: stat("e2e_latency_ms", "mean"),
    latency_p50_ms: stat("e2e_latency_ms", "p50"),
    latency_p95_ms: stat("e2e_latency_ms", "p95"),
    latency_p99_ms: stat("e2e_latency_ms", "p99"),
    ttft_p50_ms: stat("ttft_ms", "p50"),
    ttft_p95_ms: stat("ttft_ms", "p95"),
  };
}
