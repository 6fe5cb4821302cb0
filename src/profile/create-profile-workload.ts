// Picks the workload a profile's options describe: a benchmark, an input file, or synthetic prompts.

import { accuracyOptions } from "../config/accuracy-options.js";
import { generationOptions } from "../config/generation-options.js";
import { groupValues } from "../config/option.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { ProfileOptions } from "../config/profile-options.js";
import type { GenerationParams } from "../core/generation.js";
import type { DatasetContext } from "../datasets/types.js";
import type { PlannedBenchmark } from "../runner/plan-benchmark.js";
import { createInputFileWorkload } from "../workloads/input-file-workload.js";
import { createSyntheticWorkload } from "../workloads/synthetic-workload.js";
import type { Workload } from "../workloads/workload.js";
import { createBenchmarkWorkload, planBenchmarkWorkload } from "./benchmark-workload.js";

/**
 * Plans the `--accuracy-benchmark` with `run`'s own option handling (the accuracy and generation option groups
 * are the same in both); undefined for other workloads.
 */
export async function planProfileBenchmark(
  options: ProfileOptions,
  context: DatasetContext,
): Promise<PlannedBenchmark | undefined> {
  if (options.accuracyBenchmark === undefined) return undefined;
  const runOptions = parseRunOptions({
    benchmarks: [options.accuracyBenchmark],
    ...groupValues(options, accuracyOptions),
    ...groupValues(options, generationOptions),
  });
  return planBenchmarkWorkload(runOptions, context);
}

/** A resumed benchmark's plan: only the samples still to ask, in plan order. */
export function restrictPlan(plan: PlannedBenchmark, sampleIds: readonly string[]): PlannedBenchmark {
  const ids = new Set(sampleIds);
  return { ...plan, samples: plan.samples.filter((sample) => ids.has(sample.id)) };
}

/** What a profile's load sends, for its progress heading. */
export function describeProfileWorkload(options: ProfileOptions, plan: PlannedBenchmark | undefined): string {
  if (plan !== undefined) return `${plan.benchmark.name} (${plan.samples.length} samples)`;
  if (options.inputFile !== undefined) return `prompts of ${options.inputFile}`;
  return `synthetic prompts (ISL ${options.isl}, OSL ${options.osl})`;
}

/** `runStartMs` and `session` stamp a benchmark's journal records (send times count from the session's start). */
export function createProfileWorkload(
  options: ProfileOptions,
  plan: PlannedBenchmark | undefined,
  stamp: { runStartMs: number; session: number },
): Workload {
  if (plan !== undefined) return createBenchmarkWorkload(plan, { stream: options.stream, ...stamp });
  const params: GenerationParams = {};
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (options.extraInputs !== undefined) params.extraBody = options.extraInputs;
  if (options.inputFile !== undefined) {
    if (options.maxTokens !== undefined) params.maxTokens = options.maxTokens;
    return createInputFileWorkload({
      path: options.inputFile,
      endpointType: options.endpointType,
      stream: options.stream,
      params,
    });
  }
  return createSyntheticWorkload({
    inputTokens: options.isl,
    outputTokens: options.osl,
    inputTokensStddev: options.islStddev,
    outputTokensStddev: options.oslStddev,
    seed: options.seed,
    endpointType: options.endpointType,
    stream: options.stream,
    isIgnoreEos: options.ignoreEos,
    params,
  });
}
