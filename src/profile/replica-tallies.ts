// A profile's per-replica figures (`--base-url` repeated): each measured request's metrics by the replica that
// answered, and the connection errors that made requests leave a replica — for one client's requests as they end
// (`createProfileRecorder`) and for a merged multi-client profile's export lines (`mergeProfileShards`).

import { isConnectionErrorCode } from "../core/connection-error-codes.js";
import type { MetricStats } from "../metrics/metric-stats.js";
import { MetricsCollector } from "../metrics/metrics-collector.js";
import type { RequestMetrics } from "../metrics/request-metrics.js";
import type { ReplicaFigures } from "../results/summarize-replicas.js";

export interface ReplicaTallies {
  /** One measured request: `replica` answered (or failed), after connection errors at `replicaFailures`. */
  add(
    metrics: RequestMetrics,
    sentMs: number,
    deltaTimesMs: ArrayLike<number>,
    replica: string | null | undefined,
    replicaFailures: readonly string[] | null | undefined,
  ): void;
  /** One entry per replica, those of `order` first; undefined when no request named a replica (one server). */
  figures(): ReplicaFigures[] | undefined;
}

interface Tally {
  collector: MetricsCollector;
  connectionErrors: number;
}

export function createReplicaTallies(order: readonly string[] = []): ReplicaTallies {
  const tallies = new Map<string, Tally>();
  const tally = (replica: string): Tally => {
    let found = tallies.get(replica);
    if (found === undefined) {
      found = { collector: new MetricsCollector(), connectionErrors: 0 };
      tallies.set(replica, found);
    }
    return found;
  };
  return {
    add(metrics, sentMs, deltaTimesMs, replica, replicaFailures) {
      for (const failed of replicaFailures ?? []) tally(failed).connectionErrors++;
      if (replica === undefined || replica === null) return;
      const own = tally(replica);
      own.collector.add(metrics, sentMs, deltaTimesMs);
      if (isConnectionErrorCode(metrics.errorClass)) own.connectionErrors++;
    },
    figures() {
      if (tallies.size === 0) return undefined;
      const names = order.filter((name) => tallies.has(name));
      for (const name of tallies.keys()) if (!names.includes(name)) names.push(name);
      return names.map((replica) => replicaFigures(replica, tally(replica)));
    },
  };
}

function replicaFigures(replica: string, { collector, connectionErrors }: Tally): ReplicaFigures {
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
