// Per-replica figures of a run spread over several replicas: requests, failures, connection errors and latency,
// from the journal records (`replica`, `replica_failures`) through the one aggregator.
import { isConnectionErrorCode } from "../core/connection-error-codes.js";
import type { SampleRecord } from "../core/sample-record.js";
import { aggregateRecordMetrics, recordsWallTimeMs } from "./aggregate-record-metrics.js";

export interface ReplicaFigures {
  /** The replica's base URL, keys redacted. */
  replica: string;
  /** Samples whose (last) request went to this replica; the replicas' counts sum to the records'. */
  requests: number;
  successful_requests: number;
  failed_requests: number;
  /**
   * Tries that could not connect here (refused, reset, cut): those the request then took to another replica, and
   * final failures. Counted per try, so they may exceed `failed_requests`.
   */
  connection_errors: number;
  latency_mean_ms: number | null;
  latency_p50_ms: number | null;
  latency_p95_ms: number | null;
  latency_p99_ms: number | null;
  ttft_p50_ms: number | null;
  ttft_p95_ms: number | null;
}

/**
 * One entry per replica, those of `order` (the run's `--base-url` list, redacted) first, then any other a record
 * names (an earlier session's); undefined when no record names a replica (one server).
 */
export function summarizeReplicas(
  records: readonly SampleRecord[],
  order: readonly string[] = [],
): ReplicaFigures[] | undefined {
  const byReplica = new Map<string, { records: SampleRecord[]; connectionErrors: number }>();
  const entry = (replica: string) => {
    let found = byReplica.get(replica);
    if (found === undefined) {
      found = { records: [], connectionErrors: 0 };
      byReplica.set(replica, found);
    }
    return found;
  };
  for (const record of records) {
    for (const replica of record.replica_failures ?? []) entry(replica).connectionErrors++;
    if (record.replica === undefined) continue;
    const own = entry(record.replica);
    own.records.push(record);
    if (record.status === "error" && isConnectionErrorCode(record.error?.code)) own.connectionErrors++;
  }
  if (byReplica.size === 0) return undefined;
  const names = [...order.filter((name) => byReplica.has(name))];
  for (const name of byReplica.keys()) if (!names.includes(name)) names.push(name);
  return names.map((replica) => {
    const { records: own, connectionErrors } = entry(replica);
    const metrics = aggregateRecordMetrics(own, recordsWallTimeMs(own));
    return {
      replica,
      requests: own.length,
      successful_requests: metrics.successful_requests,
      failed_requests: metrics.failed_requests,
      connection_errors: connectionErrors,
      latency_mean_ms: metrics.latency_mean_ms,
      latency_p50_ms: metrics.latency_p50_ms,
      latency_p95_ms: metrics.latency_p95_ms,
      latency_p99_ms: metrics.latency_p99_ms,
      ttft_p50_ms: metrics.ttft_p50_ms,
      ttft_p95_ms: metrics.ttft_p95_ms,
    };
  });
}
