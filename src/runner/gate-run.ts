// `gate RUN_DIR`: each benchmark of a run tested against its registered reference score (or written as one).
import { existsSync } from "node:fs";
import { ConfigError } from "../errors.js";
import { type GateRow, gateBenchmark } from "../references/gate-benchmark.js";
import { referenceFilePath } from "../references/load-reference-file.js";
import { referenceYaml } from "../references/reference-yaml.js";
import { type BenchmarkResultFile, readRunResults } from "../results/read-run-results.js";
import { requireComplete } from "../results/require-complete.js";
import type { BenchmarkSummary } from "../results/summarize-benchmark.js";
import { headlineLabel } from "../results/summarize-headline.js";

export interface GateRunOptions {
  runDir: string;
  /** Spec keys selecting the reference (dtype, quant_algo, …). */
  spec: Record<string, string>;
  /** Directory of `<task>.yaml` reference files (the CLI's default is `./references`). */
  referencesDir: string;
  /** Gate a run that did not grade every planned sample, on its graded samples (else a ConfigError). */
  allowIncomplete: boolean;
  onWarning: (message: string) => void;
}

export interface GateRunResult {
  rows: GateRow[];
}

export function gateRun(options: GateRunOptions): GateRunResult {
  const run = readRunResults(options.runDir);
  requireComplete(
    [
      {
        path: options.runDir,
        label: run.label,
        benchmarks: run.benchmarks,
        resumeCommand: `llm-bench ${run.manifest.command} --resume ${options.runDir}`,
      },
    ],
    { allowIncomplete: options.allowIncomplete, command: "gate", onWarning: options.onWarning },
  );
  const model = run.manifest.model;
  const rows = run.benchmarks.flatMap((result) =>
    gateTargets(result, options.referencesDir).map((target) =>
      gateBenchmark({ ...target, model, spec: options.spec, referencesDir: options.referencesDir }),
    ),
  );
  return { rows };
}

/** What one gate judges: a score on the reference's scale, the samples behind it, and which way is better. */
export interface GatedScore {
  task: string;
  /** Accuracy × 100, or the recipe's headline value (rouge1 × 100, perplexity). */
  measured: number;
  n: number;
  /** `accuracy`, or the headline's label (`rouge1 × 100`, `perplexity`). */
  metric: string;
  /** The headline's direction; absent for accuracy (higher is better). */
  higherIsBetter?: boolean;
}

/** A run's whole-benchmark score as its result file gives it: the recipe's headline when it has one, else accuracy. */
export function gatedScoreOfResult(result: BenchmarkResultFile): GatedScore {
  const { headline } = result;
  if (headline === undefined) {
    return {
      task: result.benchmark,
      measured: result.accuracy * 100,
      n: result.num_samples,
      metric: "accuracy",
    };
  }
  return {
    task: result.benchmark,
    measured: headline.value,
    n: headline.num_samples,
    metric: headlineLabel(headline),
    higherIsBetter: headline.higher_is_better,
  };
}

/** The same from an in-memory summary (the test-suite API, which gates without reading files back). */
export function gatedScoreOfSummary(summary: BenchmarkSummary): GatedScore {
  const { headline } = summary;
  if (headline === undefined) {
    return {
      task: summary.benchmark,
      measured: summary.overall.accuracy * 100,
      n: summary.gradedSamples,
      metric: "accuracy",
    };
  }
  return {
    task: summary.benchmark,
    measured: headline.value,
    n: headline.count,
    metric: headlineLabel(headline),
    higherIsBetter: headline.higherIsBetter,
  };
}

/** One task's score from the result's `tasks` rows: its headline metric's mean × scale, or its accuracy. */
function taskScore(
  result: BenchmarkResultFile,
  row: NonNullable<BenchmarkResultFile["tasks"]>[number],
): GatedScore {
  const { headline } = result;
  if (headline === undefined) {
    const accuracy = row.total === 0 ? 0 : row.correct / row.total;
    return { task: row.task, measured: accuracy * 100, n: row.total, metric: "accuracy" };
  }
  // A "task-mean" headline gives each task's value; else the task's metric mean (a one-task benchmark has none: the
  // task is the whole).
  const metric = row.metrics?.[headline.metric];
  const taskValue = headline.tasks?.[row.task];
  return {
    task: row.task,
    measured: taskValue ?? (metric === undefined ? headline.value : metric.mean * headline.scale),
    n: metric === undefined ? headline.num_samples : metric.count,
    metric: headlineLabel({ metric: headline.metric, scale: headline.scale }),
    higherIsBetter: headline.higher_is_better,
  };
}

/**
 * What a benchmark's result is gated as: the whole benchmark when `<benchmark>.yaml` is registered, else each of its
 * tasks that has a `<task>.yaml` of its own (TensorRT-LLM registers passkey's 64k and 128k tasks apart), on that
 * task's graded samples (the result's `tasks`); with neither, the benchmark (whose missing file is then the error).
 */
function gateTargets(result: BenchmarkResultFile, referencesDir: string): GatedScore[] {
  const whole = gatedScoreOfResult(result);
  if (existsSync(referenceFilePath(referencesDir, result.benchmark))) return [whole];
  const tasks = (result.tasks ?? [])
    .filter(({ task }) => task !== result.benchmark && existsSync(referenceFilePath(referencesDir, task)))
    .map((row) => taskScore(result, row));
  return tasks.length === 0 ? [whole] : tasks;
}

/** The run's accuracies as reference YAML (`--no-reference`), to register them. */
export function runReferenceYaml(runDir: string, spec: Record<string, string>): string {
  const run = readRunResults(runDir);
  return referenceYaml(
    run.benchmarks.map((result) => {
      const { task, measured, n } = gatedScoreOfResult(result);
      return { task, model: run.manifest.model, spec, score: measured, n };
    }),
  );
}

/** `--spec a=b --spec c=d,e=f` (read as [a=b, c=d, e=f]) → {a: b, c: d, e: f}. */
export function parseSpec(items: readonly string[]): Record<string, string> {
  const spec: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf("=");
    if (at <= 0) throw new ConfigError(`--spec: expected key=value, got "${item}".`);
    spec[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return spec;
}
