// `--scoring loglikelihood` preconditions: every benchmark of the run supports it, and so does the backend.
import { BENCHMARK_NAMES, loadBenchmark } from "../benchmarks/registry.js";
import type { Benchmark } from "../benchmarks/types.js";
import type { RunOptions } from "../config/run-options.js";
import type { Backend } from "../core/generation.js";
import {
  hasLoglikelihood,
  unsupportedBackendError,
  unsupportedBenchmarkError,
} from "./build-loglikelihood-work-item.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";

/** The registered benchmarks that declare `hasLoglikelihood` (their code is loaded, not their data). */
export async function loglikelihoodBenchmarkNames(): Promise<string[]> {
  const names: string[] = [];
  for (const name of BENCHMARK_NAMES)
    if ((await loadBenchmark(name)).hasLoglikelihood === true) names.push(name);
  return names;
}

/** Before any data is read: a ConfigError naming the benchmarks that support loglikelihood scoring. */
export async function checkLoglikelihoodBenchmarks(
  options: Pick<RunOptions, "scoring">,
  benchmarks: readonly Benchmark[],
): Promise<void> {
  if (options.scoring !== "loglikelihood") return;
  const unsupported = benchmarks.filter((benchmark) => benchmark.hasLoglikelihood !== true);
  if (unsupported.length === 0) return;
  throw unsupportedBenchmarkError(
    unsupported.map((benchmark) => benchmark.name),
    await loglikelihoodBenchmarkNames(),
  );
}

/** After loading: each plan's benchmark built `buildLoglikelihood`, and the backend can score. */
export function checkLoglikelihoodRun(plans: readonly PlannedBenchmark[], backend: Backend): void {
  const scored = plans.filter((plan) => plan.scoring === "loglikelihood");
  if (scored.length === 0) return;
  for (const plan of scored) {
    if (plan.loaded.buildLoglikelihood === undefined) throw unsupportedBenchmarkError([plan.benchmark.name]);
  }
  if (!hasLoglikelihood(backend)) throw unsupportedBackendError(backend);
}
