// The hypothesis-test parameters of each task (TensorRT-LLM's ALPHA, BETA, SIGMA, NUM_SAMPLES); a recipe's own and
// then YAML may override.

import type { TaskParams } from "../core/task-params.js";

export type { TaskParams } from "../core/task-params.js";

const GENERIC: TaskParams = { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: undefined };

const BUILT_IN: Readonly<Record<string, TaskParams>> = {
  mmlu: { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 4096 },
  gsm8k: { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 1319 },
  // TensorRT-LLM tests/integration/defs/accuracy/accuracy_core.py@3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6 (JsonModeEval).
  json_mode_eval: { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 100 },
  // TensorRT-LLM accuracy_core.py@00c1146004b692d94801f8533edfdc957947ab9a (PassKeyRetrieval64k and 128k, the same
  // constants): "Threshold is set equal to reference accuracy" — σ 0 (and α 0.5) put γ on the reference.
  passkey: { alpha: 0.5, beta: 0.2, sigma: 0, numSamples: 20 },
  passkey_retrieval_64k: { alpha: 0.5, beta: 0.2, sigma: 0, numSamples: 20 },
  passkey_retrieval_128k: { alpha: 0.5, beta: 0.2, sigma: 0, numSamples: 20 },
  // CNN Dailymail, HumanEval (rouge), ZeroScrolls and SlimPajama-6B: their constants belong to the recipe that
  // reproduces TensorRT-LLM's task (`Recipe.taskParams`), not to every recipe of the benchmark.
};

/**
 * The parameters of `task`: the run's recipe's (`Recipe.taskParams`, given as `recipeParams`), else the built-in
 * ones, else α 0.05, β 0.2, σ 50 and all samples.
 */
export function taskDefaults(task: string, recipeParams?: TaskParams): TaskParams {
  return { ...(recipeParams ?? BUILT_IN[task] ?? GENERIC) };
}
