// Gates one measured score against its registered reference: γ = reference + Φ⁻¹(α)·√(2σ²/n), or reference −
// Φ⁻¹(α)·√(2σ²/n) for a score where lower is better (perplexity).
import { type GateVerdict, gateAccuracy } from "../stats/hypothesis-test.js";
import { findReference } from "./find-reference.js";
import { loadReferenceFile } from "./load-reference-file.js";
import type { TaskParams } from "./task-defaults.js";

export interface GateInput {
  task: string;
  model: string;
  spec: Readonly<Record<string, string>>;
  /** The measured score on the reference's 0–100 scale (accuracy × 100, rouge1 × 100) or its own (perplexity). */
  measured: number;
  /** Samples the score was measured on. */
  n: number;
  /** What was measured: `accuracy`, or the recipe's headline (`rouge1 × 100`, `perplexity`). */
  metric: string;
  /**
   * The direction the run's recipe declares (`Recipe.headline`); the reference file's `higher_is_better` and the
   * task's built-in constants come first. Absent: higher is better.
   */
  higherIsBetter?: boolean;
  /** The run's recipe's own constants (`Recipe.taskParams`, the result's `config.task_params`), when it has them. */
  taskParams?: TaskParams;
  /** Directory holding `<task>.yaml`. */
  referencesDir: string;
}

export interface GateRow extends GateVerdict {
  task: string;
  metric: string;
  model: string;
  spec: Record<string, string>;
  params: TaskParams;
  /** `file:line` of the reference used. */
  source: string;
}

export function gateBenchmark(input: GateInput): GateRow {
  const file = loadReferenceFile(input.referencesDir, input.task, {
    taskParams: input.taskParams,
    higherIsBetter: input.higherIsBetter,
  });
  const reference = findReference(file, input.model, input.spec);
  const { params } = file;
  const verdict = gateAccuracy(
    { reference: reference.accuracy, measured: input.measured, n: input.n },
    params,
  );
  return {
    ...verdict,
    task: input.task,
    metric: input.metric,
    model: input.model,
    spec: { ...input.spec },
    params,
    source: `${file.path}:${reference.line}`,
  };
}
