// The benchmarks an oracle knows, as the caller hands them to the mock server.
import type { Benchmark, BenchmarkSample, LoglikelihoodPrompt, Recipe } from "../benchmarks/types.js";

/**
 * One recipe of a benchmark with the samples the oracle must recognise (usually all of them, loaded with 0 shots):
 * a benchmark is there once per recipe, as each recipe's prompts end their own way.
 */
export interface LoadedOracleBenchmark {
  benchmark: Benchmark;
  recipe: Recipe;
  samples: BenchmarkSample[];
  /** The 0-shot loglikelihood prompt of a sample, for `echo` + `logprobs` scoring requests (when supported). */
  buildLoglikelihood?: ((sample: BenchmarkSample) => LoglikelihoodPrompt) | undefined;
}

export interface OracleOptions {
  benchmarks: LoadedOracleBenchmark[];
  /** Share of samples answered correctly, in [0, 1]. */
  accuracy: number;
  /** Default 0. */
  seed?: number;
}
