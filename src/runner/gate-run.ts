// `gate RUN_DIR`: each benchmark of a run tested against its registered reference score (or written as one).
import { existsSync } from "node:fs";
import { z } from "zod";
import type { TaskParams } from "../core/task-params.js";
import { ConfigError } from "../errors.js";
import { type GateRow, gateBenchmark } from "../references/gate-benchmark.js";
import { loadReferenceFile, referenceFilePath } from "../references/load-reference-file.js";
import { referenceYaml } from "../references/reference-yaml.js";
import type { GateOf } from "../report/html/report-data.js";
import type { GateData } from "../report/html/report-model.js";
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
  /** The run's recipe's own hypothesis-test constants (`config.task_params`), for the whole benchmark. */
  taskParams?: TaskParams;
}

/** `config.task_params` as `plan-config.ts` writes it. */
const taskParamsSchema = z.object({
  alpha: z.number().gt(0).lt(1),
  beta: z.number().gt(0).lt(1),
  sigma: z.number().min(0),
  num_samples: z.number().int().min(1).nullable(),
  higher_is_better: z.boolean().optional(),
});

/** The recipe's constants a result file records, or undefined when it records none (or a malformed block). */
function recipeParamsOf(result: BenchmarkResultFile): TaskParams | undefined {
  const parsed = taskParamsSchema.safeParse(result.config?.["task_params"]);
  if (!parsed.success) return undefined;
  const { alpha, beta, sigma, num_samples: numSamples, higher_is_better: higherIsBetter } = parsed.data;
  return {
    alpha,
    beta,
    sigma,
    numSamples: numSamples ?? undefined,
    ...(higherIsBetter === undefined ? {} : { higherIsBetter }),
  };
}

/** A run's whole-benchmark score as its result file gives it: the recipe's headline when it has one, else accuracy. */
export function gatedScoreOfResult(result: BenchmarkResultFile): GatedScore {
  const taskParams = recipeParamsOf(result);
  return gatedScore(
    result.benchmark,
    result.headline === undefined
      ? undefined
      : {
          value: result.headline.value,
          n: result.headline.num_samples,
          label: headlineLabel(result.headline),
          higherIsBetter: result.headline.higher_is_better,
        },
    { accuracy: result.accuracy, n: result.num_samples },
    taskParams,
  );
}

/** The same from an in-memory summary (the test-suite API, which gates without reading files back). */
export function gatedScoreOfSummary(summary: BenchmarkSummary, taskParams?: TaskParams): GatedScore {
  const { headline } = summary;
  return gatedScore(
    summary.benchmark,
    headline === undefined
      ? undefined
      : {
          value: headline.value,
          n: headline.count,
          label: headlineLabel(headline),
          higherIsBetter: headline.higherIsBetter,
        },
    { accuracy: summary.overall.accuracy, n: summary.gradedSamples },
    taskParams,
  );
}

function gatedScore(
  task: string,
  headline: { value: number; n: number; label: string; higherIsBetter: boolean } | undefined,
  accuracy: { accuracy: number; n: number },
  taskParams: TaskParams | undefined,
): GatedScore {
  const own = taskParams === undefined ? {} : { taskParams };
  if (headline === undefined) {
    return { task, measured: accuracy.accuracy * 100, n: accuracy.n, metric: "accuracy", ...own };
  }
  const { value, n, label, higherIsBetter } = headline;
  return { task, measured: value, n, metric: label, higherIsBetter, ...own };
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
/** What a benchmark is gated on: the whole when DIR/<benchmark>.yaml exists, else each task that has a file. */
export function gateTargets(result: BenchmarkResultFile, referencesDir: string): GatedScore[] {
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

/**
 * The verdicts a report shows beside each benchmark: those `gate` would give where `referencesDir` has the
 * benchmark's (or its tasks') reference file; a reference file without this model or spec says so instead.
 */
export function reportGates(referencesDir: string, spec: Record<string, string>): GateOf {
  return (result, model) => {
    if (!existsSync(referencesDir)) return [];
    return gateTargets(result, referencesDir)
      .filter((target) => existsSync(referenceFilePath(referencesDir, target.task)))
      .map((target): GateData => {
        // A reference file that does not parse is bad input, not a missing reference: refused, as gate refuses it.
        loadReferenceFile(referencesDir, target.task, {
          taskParams: target.taskParams,
          higherIsBetter: target.higherIsBetter,
        });
        try {
          const row = gateBenchmark({ ...target, model, spec, referencesDir });
          return {
            task: row.task,
            metric: row.metric,
            isHigherBetter: row.params.higherIsBetter !== false,
            reference: row.reference,
            measured: row.measured,
            n: row.n,
            theta: row.theta,
            threshold: row.threshold,
            isPassed: row.isPassed,
            source: row.source,
          };
        } catch (error) {
          if (error instanceof ConfigError) return { task: target.task, missing: error.message };
          throw error;
        }
      });
  };
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
