// Writes a run's result files: `<benchmark>.json` per benchmark, `accuracy_results.csv`, and `run.json`.
import { join } from "node:path";
import type { SampleRecord } from "../core/sample-record.js";
import { writeFileAtomic } from "../core/write-file-atomic.js";
import { accuracyCsv } from "./accuracy-csv.js";
import type { AggregatedMetrics } from "./aggregate-record-metrics.js";
import { benchmarkResult } from "./benchmark-result.js";
import type { RunManifest } from "./run-manifest.js";
import type { BenchmarkSummary } from "./summarize-benchmark.js";

export function writeRunManifest(runDir: string, manifest: RunManifest): void {
  writeFileAtomic(join(runDir, "run.json"), `${JSON.stringify(manifest, null, 2)}\n`);
}

export interface BenchmarkFiles {
  summary: BenchmarkSummary;
  metrics: AggregatedMetrics;
  records: readonly SampleRecord[];
  config: Record<string, unknown>;
  /** More top-level fields of `<benchmark>.json` (e.g. `server_metrics`). */
  extra?: Record<string, unknown> | undefined;
}

/** Returns the path of each `<benchmark>.json`, in order. */
export function writeBenchmarkFiles(
  runDir: string,
  benchmarks: readonly BenchmarkFiles[],
  meta: { model: string; timestamp: string },
): string[] {
  const paths = benchmarks.map((entry) => {
    const path = join(runDir, `${entry.summary.benchmark}.json`);
    const result = { ...benchmarkResult({ ...entry, ...meta }), ...entry.extra };
    writeFileAtomic(path, `${JSON.stringify(result, null, 2)}\n`);
    return path;
  });
  writeFileAtomic(
    join(runDir, "accuracy_results.csv"),
    accuracyCsv(benchmarks.map((entry) => entry.summary)),
  );
  return paths;
}

/** The short form of a summary kept in `run.json`. */
export function summaryForManifest(
  summary: BenchmarkSummary,
  metrics: AggregatedMetrics,
): Record<string, unknown> {
  return {
    accuracy: summary.overall.accuracy,
    accuracy_ci95: summary.overall.ci95,
    num_correct: summary.overall.correct,
    ...(summary.overallNorm === undefined
      ? {}
      : {
          accuracy_norm: summary.overallNorm.accuracy,
          accuracy_norm_ci95: summary.overallNorm.ci95,
          num_correct_norm: summary.overallNorm.correct,
        }),
    num_samples: summary.gradedSamples,
    planned_samples: summary.plannedSamples,
    macro_accuracy: summary.macroAccuracy,
    num_errors: summary.errors,
    num_unparsed: summary.unparsed,
    num_truncated: summary.truncated,
    ...(summary.skipped === undefined
      ? {}
      : { num_skipped: summary.skipped.count, skipped_reason: summary.skipped.reason }),
    wall_time_s: metrics.wall_time_s,
  };
}
