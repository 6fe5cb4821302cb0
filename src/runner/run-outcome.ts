// What `runBenchmarks` returns: where the files are and what was measured.

import type { TaskParams } from "../core/task-params.js";
import type { ServerGone } from "../engine/consecutive-failures.js";
import type { AggregatedMetrics } from "../results/aggregate-record-metrics.js";
import type { RunStatus } from "../results/run-manifest.js";
import type { BenchmarkSummary } from "../results/summarize-benchmark.js";
import type { FailureClass } from "../results/summarize-failures.js";
import type { FaultSummary } from "../results/summarize-faults.js";
import type { ReplicaFigures } from "../results/summarize-replicas.js";

export interface BenchmarkOutcome {
  summary: BenchmarkSummary;
  metrics: AggregatedMetrics;
  resultPath: string;
  /** The recipe's own hypothesis-test constants (`Recipe.taskParams`), when it has them. */
  taskParams?: TaskParams;
  /** Per-replica figures, when the requests were spread over several replicas (`--base-url` repeated). */
  replicas?: ReplicaFigures[];
}

export interface RunOutcome {
  runDir: string;
  model: string;
  status: RunStatus;
  benchmarks: BenchmarkOutcome[];
  /** Requests sent by this invocation (resumed samples excluded). */
  requested: number;
  /** Samples whose request failed after its retries: not graded, left for `--resume`. */
  failed: number;
  /** Samples never sent (the run stopped before them). */
  unsent: number;
  /** Why samples failed, by error class (most frequent first). */
  failures: FailureClass[];
  /** Retries, faults by class and samples failed after their retries, over every benchmark. */
  faults: FaultSummary;
  /** Set when the run stopped sending because the server could no longer be reached. */
  serverGone?: ServerGone | undefined;
  /** The command that continues the run (every failed or unsent sample is asked again). */
  resumeCommand: string;
  /** The server the requests went to (keys redacted); absent for an in-process model or a merge. */
  serverUrl?: string | undefined;
  /** The run's `--max-retries`. */
  maxRetries?: number | undefined;
}
