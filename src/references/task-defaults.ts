// The hypothesis-test parameters of each task (TensorRT-LLM's ALPHA, BETA, SIGMA, NUM_SAMPLES); YAML may override.

export interface TaskParams {
  alpha: number;
  beta: number;
  /** Per-sample score standard deviation on the 0–100 scale (50 for right/wrong scores). */
  sigma: number;
  /** Samples a gated run draws (`run --num-samples task`); undefined: all of them. */
  numSamples: number | undefined;
  /** false for a score where lower is better (perplexity, WER); absent: higher is better. */
  higherIsBetter?: boolean;
}

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
  // accuracy_core.py@3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6: CnnDailymail (rouge1 × 100, the first 512 of
  // `dataset.shuffle(0)`), ZeroScrolls (rouge1 × 100 of the squality validation rows: "Full sample"), SlimPajama6B
  // (mean per-document perplexity, HIGHER_IS_BETTER = False: "Full sample with length >= 10000").
  cnn_dailymail: { alpha: 0.002, beta: 0.2, sigma: 11.06, numSamples: 512 },
  zeroscrolls: { alpha: 0.002, beta: 0.2, sigma: 6.97, numSamples: 80 },
  slimpajama: { alpha: 0.01, beta: 0.2, sigma: 4.48, numSamples: 86, higherIsBetter: false },
};

/** The built-in parameters of `task`, or α 0.05, β 0.2, σ 50 and all samples for a task without any. */
export function taskDefaults(task: string): TaskParams {
  return { ...(BUILT_IN[task] ?? GENERIC) };
}
