// A task's hypothesis-test constants (TensorRT-LLM's ALPHA, BETA, SIGMA, NUM_SAMPLES, HIGHER_IS_BETTER): built in per
// task (src/references/task-defaults.ts) or carried by the recipe that reproduces the reference's task.

export interface TaskParams {
  alpha: number;
  beta: number;
  /** Per-sample score standard deviation on the score's scale (0–100: 50 for right/wrong scores). */
  sigma: number;
  /** Samples a gated run draws (`run --num-samples task`); undefined: all of them. */
  numSamples: number | undefined;
  /** false for a score where lower is better (perplexity, WER); absent: higher is better. */
  higherIsBetter?: boolean;
}
