// The hypothesis-test parameters of each task (TensorRT-LLM's ALPHA, BETA, SIGMA, NUM_SAMPLES); YAML may override.

export interface TaskParams {
  alpha: number;
  beta: number;
  /** Per-sample score standard deviation on the 0–100 scale (50 for right/wrong scores). */
  sigma: number;
  /** Samples a gated run draws (`run --num-samples task`); undefined: all of them. */
  numSamples: number | undefined;
}

const GENERIC: TaskParams = { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: undefined };

const BUILT_IN: Readonly<Record<string, TaskParams>> = {
  mmlu: { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 4096 },
  gsm8k: { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 1319 },
  // TensorRT-LLM tests/integration/defs/accuracy/accuracy_core.py@3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6 (JsonModeEval).
  json_mode_eval: { alpha: 0.05, beta: 0.2, sigma: 50, numSamples: 100 },
};

/** The built-in parameters of `task`, or α 0.05, β 0.2, σ 50 and all samples for a task without any. */
export function taskDefaults(task: string): TaskParams {
  return { ...(BUILT_IN[task] ?? GENERIC) };
}
