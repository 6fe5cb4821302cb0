// The console table of a run or profile spread over several replicas: each replica's requests, failures, connection
// errors and latency.
import type { ReplicaFigures } from "../results/summarize-replicas.js";
import { type TableOptions, textTable } from "./text-table.js";

const ms = (value: number | null): string => (value === null ? "-" : `${value.toFixed(1)} ms`);

export function replicaTable(replicas: readonly ReplicaFigures[], options: TableOptions = {}): string {
  const header = ["replica", "requests", "ok", "failed", "conn errors", "latency p50", "p99", "TTFT p50"];
  const rows = replicas.map((entry) => [
    entry.replica,
    String(entry.requests),
    String(entry.successful_requests),
    String(entry.failed_requests),
    String(entry.connection_errors),
    ms(entry.latency_p50_ms),
    ms(entry.latency_p99_ms),
    ms(entry.ttft_p50_ms),
  ]);
  return textTable(header, rows, options);
}
