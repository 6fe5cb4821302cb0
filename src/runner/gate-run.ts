// `gate RUN_DIR`: each benchmark of a run tested against its registered reference accuracy (or written as one).
import { existsSync } from "node:fs";
import { ConfigError } from "../errors.js";
import { type GateRow, gateBenchmark } from "../references/gate-benchmark.js";
import { referenceFilePath } from "../references/load-reference-file.js";
import { referenceYaml } from "../references/reference-yaml.js";
import { type BenchmarkResultFile, readRunResults } from "../results/read-run-results.js";
import { requireComplete } from "../results/require-complete.js";

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

interface GateTarget {
  task: string;
  accuracy: number;
  n: number;
}

/**
 * What a benchmark's result is gated as: the whole benchmark when `<benchmark>.yaml` is registered, else each of its
 * tasks that has a `<task>.yaml` of its own (TensorRT-LLM registers passkey's 64k and 128k tasks apart), on that
 * task's graded samples (the result's `tasks`); with neither, the benchmark (whose missing file is then the error).
 */
function gateTargets(result: BenchmarkResultFile, referencesDir: string): GateTarget[] {
  const whole = { task: result.benchmark, accuracy: result.accuracy, n: result.num_samples };
  if (existsSync(referenceFilePath(referencesDir, result.benchmark))) return [whole];
  const tasks = (result.tasks ?? [])
    .filter(({ task }) => task !== result.benchmark && existsSync(referenceFilePath(referencesDir, task)))
    .map(({ task, correct, total }) => ({ task, accuracy: total === 0 ? 0 : correct / total, n: total }));
  return tasks.length === 0 ? [whole] : tasks;
}

/** The run's accuracies as reference YAML (`--no-reference`), to register them. */
export function runReferenceYaml(runDir: string, spec: Record<string, string>): string {
  const run = readRunResults(runDir);
  return referenceYaml(
    run.benchmarks.map((result) => ({
      task: result.benchmark,
      model: run.manifest.model,
      spec,
      accuracy: result.accuracy,
      n: result.num_samples,
    })),
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
