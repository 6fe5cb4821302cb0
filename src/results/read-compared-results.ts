// What `compare` reads: run directories (run.json and each `<benchmark>.json`) and result files — a run's
// `<benchmark>.json`, or the llm-benchmarker spec's `<benchmark>_<model>_<time>.json` — as one shape.
import { readFileSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import { z } from "zod";
import { ConfigError } from "../errors.js";
import { proportionCi } from "../stats/proportion-ci.js";
import { type BenchmarkResultFile, benchmarkResultFileSchema, readRunResults } from "./read-run-results.js";

export interface ComparedResults {
  /** The directory or file named. */
  path: string;
  /** Its name, the run's label in tables. */
  label: string;
  benchmarks: BenchmarkResultFile[];
  /** A run directory's: the command that continues it. */
  resumeCommand?: string | undefined;
}

/** The spec's file (seconds, `effective_throughput_rps`, samples with `predicted` / `expected` / `details`). */
const specResultFileSchema = z.looseObject({
  benchmark: z.string(),
  model: z.string(),
  num_samples: z.number().int(),
  accuracy: z.number(),
  score: z.number().optional(),
  aggregated_metrics: z.record(z.string(), z.number().nullable()).optional(),
  sample_results: z.array(
    z.looseObject({
      id: z.string(),
      correct: z.boolean(),
      score: z.number().optional(),
      details: z.record(z.string(), z.unknown()).nullish(),
    }),
  ),
});
type SpecResultFile = z.infer<typeof specResultFileSchema>;

export function readComparedResults(path: string): ComparedResults {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new ConfigError(`${path}: no such run directory or result file.`, { cause: error });
  }
  if (isDirectory) {
    const run = readRunResults(path);
    return {
      path,
      label: run.label,
      benchmarks: run.benchmarks.map(withWilsonInterval),
      resumeCommand: `llm-bench ${run.manifest.command} --resume ${path}`,
    };
  }
  const label = basename(resolve(path)).replace(/\.json$/, "");
  return { path, label, benchmarks: [withWilsonInterval(readResultFile(path))] };
}

/**
 * The 95% CI `compare` shows: the Wilson interval of the graded samples, whichever interval the file holds (files
 * written before it became Wilson's hold the normal approximation; the spec's hold none).
 */
function withWilsonInterval(file: BenchmarkResultFile): BenchmarkResultFile {
  const graded = file.sample_results.filter(
    (sample) => sample.status === undefined || sample.status === "ok",
  );
  const estimate = proportionCi(graded.filter((sample) => sample.correct).length, graded.length);
  return { ...file, accuracy_ci95: estimate.ci95, accuracy_stderr: estimate.standardError };
}

function readResultFile(path: string): BenchmarkResultFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new ConfigError(`Cannot read ${path} as JSON: name a run directory or a result file.`, {
      cause: error,
    });
  }
  const ours = benchmarkResultFileSchema.safeParse(json);
  if (ours.success) return ours.data;
  const spec = specResultFileSchema.safeParse(json);
  if (spec.success) return fromSpec(spec.data);
  const issue = ours.error.issues[0];
  throw new ConfigError(
    `${path}: not a result file (field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}).`,
  );
}

const SPEC_SECONDS: Record<string, string> = {
  ttft_mean: "ttft_mean_ms",
  ttft_p50: "ttft_p50_ms",
  ttft_p95: "ttft_p95_ms",
  ttft_p99: "ttft_p99_ms",
  latency_mean: "latency_mean_ms",
  latency_p50: "latency_p50_ms",
  latency_p95: "latency_p95_ms",
  latency_p99: "latency_p99_ms",
};
const SPEC_RENAMED: Record<string, string> = {
  effective_throughput_rps: "request_throughput_rps",
  total_completion_tokens: "total_output_tokens",
  wall_time_seconds: "wall_time_s",
};

/** The spec's fields in a run's names and units (ms). */
function fromSpec(file: SpecResultFile): BenchmarkResultFile {
  const metrics: Record<string, number | null> = {};
  for (const [key, value] of Object.entries(file.aggregated_metrics ?? {})) {
    const inMs = SPEC_SECONDS[key];
    if (inMs !== undefined) metrics[inMs] = value === null ? null : value * 1000;
    else metrics[SPEC_RENAMED[key] ?? key] = value;
  }
  const total = metrics["total_requests"];
  const failed = metrics["failed_requests"];
  if (typeof total === "number" && typeof failed === "number")
    metrics["successful_requests"] = total - failed;
  return {
    benchmark: file.benchmark,
    model: file.model,
    num_samples: file.num_samples,
    accuracy: file.accuracy,
    score: file.score ?? file.accuracy,
    aggregated_metrics: metrics,
    sample_results: file.sample_results.map((sample) => ({
      id: sample.id,
      task: String(sample.details?.["task"] ?? sample.details?.["subject"] ?? file.benchmark),
      correct: sample.correct,
      score: sample.score ?? (sample.correct ? 1 : 0),
      // The spec's runner keeps a failed request as a sample with `details.error`.
      status: sample.details?.["error"] === undefined ? "ok" : "error",
    })),
  };
}
