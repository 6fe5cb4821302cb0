// Picks the workload a profile's options describe: a benchmark, an input file, or synthetic prompts (of exact
// token lengths when the run's tokenizer resolves).

import { accuracyOptions } from "../config/accuracy-options.js";
import { generationOptions } from "../config/generation-options.js";
import { longContextOptions } from "../config/long-context-options.js";
import { groupValues } from "../config/option.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { ProfileOptions } from "../config/profile-options.js";
import type { RunOptions } from "../config/run-options.js";
import type { GenerationParams } from "../core/generation.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import type { DatasetContext } from "../datasets/types.js";
import { toError } from "../errors.js";
import type { PlannedBenchmark } from "../runner/plan-benchmark.js";
import { buildExactLengthPrompts, type ExactLengthPrompts } from "../workloads/exact-length-prompts.js";
import { createInputFileWorkload } from "../workloads/input-file-workload.js";
import { createSyntheticWorkload } from "../workloads/synthetic-workload.js";
import type { Workload } from "../workloads/workload.js";
import {
  createBenchmarkWorkload,
  planBenchmarkWorkload,
  prepareBenchmarkPrompts,
} from "./benchmark-workload.js";

/**
 * Plans the `--accuracy-benchmark` with `run`'s own option handling (the accuracy and generation option groups
 * are the same in both); undefined for other workloads.
 */
export async function planProfileBenchmark(
  options: ProfileOptions,
  context: DatasetContext,
  tokenizer?: () => Promise<TextTokenizer>,
): Promise<PlannedBenchmark | undefined> {
  const runOptions = benchmarkRunOptions(options);
  if (runOptions === undefined) return undefined;
  return planBenchmarkWorkload(runOptions, context, tokenizer);
}

/** `run`'s options for the `--accuracy-benchmark` (undefined without one): what it is planned and graded with. */
export function benchmarkRunOptions(options: ProfileOptions): RunOptions | undefined {
  if (options.accuracyBenchmark === undefined) return undefined;
  return parseRunOptions({
    benchmarks: [options.accuracyBenchmark],
    ...groupValues(options, accuracyOptions),
    ...groupValues(options, generationOptions),
    ...groupValues(options, longContextOptions),
  });
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

/** The number of distinct synthetic prompts (aiperf's `--num-dataset-entries` default), or the requests if fewer. */
const SYNTHETIC_POOL_SIZE = 100;

export interface ProfileWorkloadContext {
  /** The run's tokenizer (rejects when none can be resolved: then synthetic prompts are approximate). */
  tokenizer?: (() => Promise<TextTokenizer>) | undefined;
  /** Told once when synthetic prompts fall back to approximate lengths. */
  onWarning?: ((message: string) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * `runStartMs` and `session` stamp a benchmark's journal records (send times count from the session's start).
 * Everything a load needs is made here, before it starts: a benchmark's prepared prompts (`preparePrompt`), or the
 * synthetic prompts of exactly `--isl` tokens of the run's tokenizer.
 */
export async function createProfileWorkload(
  options: ProfileOptions,
  plan: PlannedBenchmark | undefined,
  stamp: { runStartMs: number; session: number },
  context: ProfileWorkloadContext = {},
): Promise<Workload> {
  if (plan !== undefined) {
    const prepared = await prepareBenchmarkPrompts(plan);
    return createBenchmarkWorkload(plan, { stream: options.stream, ...stamp }, prepared);
  }
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
  const prompts = await exactPrompts(options, context);
  return createSyntheticWorkload({
    ...(prompts === undefined ? {} : { prompts }),
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

/** Prompts of exactly `--isl` tokens; undefined (after one warning) when no tokenizer can be resolved. */
async function exactPrompts(
  options: ProfileOptions,
  context: ProfileWorkloadContext,
): Promise<ExactLengthPrompts | undefined> {
  if (context.tokenizer === undefined) return undefined;
  let tokenizer: TextTokenizer;
  try {
    tokenizer = await context.tokenizer();
  } catch (error) {
    if (context.signal?.aborted === true) throw error;
    context.onWarning?.(
      `synthetic prompts are about --isl ${options.isl} words, not exactly ${options.isl} tokens: ${toError(error).message}`,
    );
    return undefined;
  }
  return buildExactLengthPrompts(tokenizer, {
    inputTokens: options.isl,
    inputTokensStddev: options.islStddev,
    count: Math.min(SYNTHETIC_POOL_SIZE, options.numRequests ?? SYNTHETIC_POOL_SIZE),
    seed: options.seed,
    signal: context.signal,
  });
}
