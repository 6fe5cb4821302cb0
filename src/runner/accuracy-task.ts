// A test-suite API in the shape of TensorRT-LLM's accuracy harness: `task.evaluate(backend)` runs, gates, throws.
import type { RunOptionsInput } from "../config/run-options.js";
import type { Backend } from "../core/generation.js";
import { BenchError } from "../errors.js";
import { formatSpec } from "../references/find-reference.js";
import { type GateRow, gateBenchmark } from "../references/gate-benchmark.js";
import { referenceYaml } from "../references/reference-yaml.js";
import { gatedScoreOfSummary } from "./gate-run.js";
import { runBenchmarks } from "./run-benchmarks.js";
import type { RunOutcome } from "./run-outcome.js";

export interface AccuracyTaskOptions {
  /** Directory of `<task>.yaml` reference files (default `references`). */
  referencesDir?: string;
  /** Options of the run (data dir, output dir, concurrency, …); `numSamples` defaults to `"task"`. */
  runOptions?: Omit<RunOptionsInput, "benchmarks">;
  /** Reads `LLM_BENCH_ACCURACY_NO_REFERENCE` (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

export interface EvaluateOptions {
  /** Spec keys selecting the reference: `{ quant_algo: "FP8" }`. */
  spec?: Readonly<Record<string, string>>;
  /** The model to request (default: the run options' model, else the one the backend lists). */
  model?: string;
  signal?: AbortSignal;
}

export interface AccuracyTaskResult {
  outcome: RunOutcome;
  /** undefined in no-reference mode. */
  gate: GateRow | undefined;
  /** In no-reference mode: the measured accuracy as YAML to paste into the registry. */
  referenceYaml: string | undefined;
}

export interface AccuracyTask {
  readonly name: string;
  /** Runs the task on `backend`, gates it against its reference and throws `AccuracyGateError` on FAIL. */
  evaluate(backend: Backend, options?: EvaluateOptions): Promise<AccuracyTaskResult>;
}

/** The gate failed: the message says what was measured, against what, and where the run is. */
export class AccuracyGateError extends BenchError {
  readonly gate: GateRow;

  constructor(gate: GateRow, runDir: string) {
    super(
      "E_ACCURACY_GATE",
      `${gate.task} ${gate.metric} ${gate.measured.toFixed(2)} on n = ${gate.n} is ` +
        `${gate.params.higherIsBetter === false ? "above" : "below"} the threshold ` +
        `γ = ${gate.threshold.toFixed(2)} for ${gate.model} (spec ${formatSpec(gate.spec)}): reference ` +
        `${gate.reference.toFixed(2)} (${gate.source}), θ = ${gate.theta.toFixed(2)}, α = ${gate.params.alpha}. ` +
        `Samples: ${runDir}/samples.jsonl`,
      { exitCode: 1 },
    );
    this.gate = gate;
  }
}

export function createAccuracyTask(name: string, options: AccuracyTaskOptions = {}): AccuracyTask {
  const env = options.env ?? process.env;
  return {
    name,
    async evaluate(backend, evaluateOptions = {}) {
      const spec = { ...evaluateOptions.spec };
      const model = evaluateOptions.model ?? options.runOptions?.model;
      const outcome = await runBenchmarks(
        {
          numSamples: "task",
          ...options.runOptions,
          ...(model === undefined ? {} : { model }),
          benchmarks: [name],
        },
        { backend, env, ...(evaluateOptions.signal === undefined ? {} : { signal: evaluateOptions.signal }) },
      );
      const summary = outcome.benchmarks[0]?.summary;
      if (outcome.status !== "completed" || summary === undefined) {
        throw new BenchError(
          "E_RUN_INCOMPLETE",
          `${name}: the run ended ${outcome.status} (${outcome.runDir}).`,
          {
            exitCode: 1,
          },
        );
      }
      const score = gatedScoreOfSummary(summary, outcome.benchmarks[0]?.taskParams);
      if (env["LLM_BENCH_ACCURACY_NO_REFERENCE"] === "1") {
        const yaml = referenceYaml([
          { task: name, model: outcome.model, spec, score: score.measured, n: score.n },
        ]);
        return { outcome, gate: undefined, referenceYaml: yaml };
      }
      const gate = gateBenchmark({
        ...score,
        task: name,
        model: outcome.model,
        spec,
        referencesDir: options.referencesDir ?? "references",
      });
      if (!gate.isPassed) throw new AccuracyGateError(gate, outcome.runDir);
      return { outcome, gate, referenceYaml: undefined };
    },
  };
}
