// What `runBenchmarks` returns: where the files are and what was measured.
import type { AggregatedMetrics } from "../results/aggregate-record-metrics.js";
import type { RunStatus } from "../results/run-manifest.js";
import type { BenchmarkSummary } from "../results/summarize-benchmark.js";

export interface BenchmarkOutcome {
  summary: BenchmarkSummary;
  metrics: AggregatedMetrics;
  resultPath: string;
}

export interface RunOutcome {
  runDir: string;
  model: string;
  status: RunStatus;
  benchmarks: BenchmarkOutcome[];
  /** Requests sent by this invocation (resumed samples excluded). */
  requested: number;
  /** Samples whose request failed after its retries (they count as wrong). */
  failed: number;
}
