// Builds a competition-math benchmark (aime, aime24, aime25, math_500) from its data source and prompt format.

import type { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext, HubSplitRef } from "../../datasets/types.js";
import { ConfigError } from "../../errors.js";
import { buildFewShotPrompt, type FewShotExample } from "../../prompts/build-few-shot-prompt.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import { createMathOracle } from "./math-oracle.js";
import type { MathProblemSample } from "./math-problem-sample.js";

export interface MathBenchmarkSpec<R> {
  name: string;
  description: string;
  dataset: string;
  /** The references reproduced; the first is the default. */
  recipes: readonly [Recipe, ...Recipe[]];
  hub: HubSplitRef;
  /** Path under `--data-dir`. */
  localPath: string;
  rowSchema: z.ZodType<R>;
  /** Maps a parsed row to the sample (its index in the file given). */
  toSample(row: R, index: number): MathProblemSample;
  maxNShots: number;
  defaultSystemPrompt?: string;
  /** The query of a sample; every prompt ends with it. */
  query(sample: MathProblemSample): string;
  /** One few-shot example from a sample (only for benchmarks with shots). */
  example?(sample: MathProblemSample, isCot: boolean): FewShotExample;
  targetDelimiter?: string;
}

async function readRows<R>(
  spec: MathBenchmarkSpec<R>,
  context: DatasetContext,
): Promise<MathProblemSample[]> {
  const signalOption = context.signal ? { signal: context.signal } : {};
  const isLocal = context.dataDir !== undefined;
  const rows = isLocal
    ? await context.local.readFile(spec.localPath, signalOption)
    : await context.hub.readSplit(spec.hub, signalOption);
  const label = isLocal ? spec.localPath : `${spec.hub.repo} (${spec.hub.config}, ${spec.hub.split})`;
  return parseRows(rows, spec.rowSchema, label).map((row, index) => spec.toSample(row, index));
}

/** A Benchmark whose samples are math problems, few-shot examples (if any) the first rows of the same split. */
export function defineMathBenchmark<R>(spec: MathBenchmarkSpec<R>): Benchmark<MathProblemSample> {
  async function load(options: LoadOptions): Promise<LoadedBenchmark<MathProblemSample>> {
    checkNShots(spec.name, options.nShots, spec.maxNShots);
    if (options.tasks !== undefined && options.tasks.length > 0) {
      throw new ConfigError(
        `${spec.name} has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`,
      );
    }
    const samples = await readRows(spec, options.context);
    const loadedNShots = options.nShots;
    return {
      samples,
      buildPrompt(sample, promptOptions) {
        checkNShots(spec.name, promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
        const example = spec.example;
        const examples = example
          ? samples.slice(0, promptOptions.nShots).map((shot) => example(shot, promptOptions.cot))
          : [];
        return buildFewShotPrompt({
          endpointType: promptOptions.endpointType,
          systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt, spec.defaultSystemPrompt),
          examples,
          query: spec.query(sample),
          ...(spec.targetDelimiter === undefined ? {} : { targetDelimiter: spec.targetDelimiter }),
        });
      },
    };
  }
  return {
    name: spec.name,
    description: spec.description,
    dataset: spec.dataset,
    recipes: spec.recipes,
    maxNShots: spec.maxNShots,
    tasks: [],
    load,
    oracle: createMathOracle(spec.query),
  };
}
