// What `runProfile` returns: where the files went, the performance summary, and the accuracy when a benchmark ran.

import type { MetricsSummary } from "../metrics/metrics-collector.js";
import type { AggregatedMetrics } from "../results/aggregate-record-metrics.js";
import type { BenchmarkSummary } from "../results/summarize-benchmark.js";
import type { ReplicaFigures } from "../results/summarize-replicas.js";

export interface ProfileOutcome {
  runDir: string;
  model: string;
  summary: MetricsSummary;
  /** Reports of the monitors, by name. */
  monitors: Record<string, Record<string, unknown>>;
  /** Console lines the monitors asked to show. */
  monitorNotes: string[];
  accuracy?: { summary: BenchmarkSummary; metrics: AggregatedMetrics; resultPath: string } | undefined;
  isInterrupted: boolean;
  /** Per-replica figures of the measured requests, when they were spread over several replicas. */
  replicas?: ReplicaFigures[];
}
