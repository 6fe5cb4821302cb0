// Builds a competition-math benchmark (aime, aime24, aime25, math_500) from its data source and its recipes.

import type { z } from "zod";
import type { Prompt } from "../../core/prompt.js";
import { parseRows } from "../../datasets/parse-rows.js";
import type { DatasetContext, HubSplitRef } from "../../datasets/types.js";
import { ConfigError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions, Recipe } from "../types.js";
import { createMathOracle } from "./math-oracle.js";
import type { MathProblemSample } from "./math-problem-sample.js";
import { findMathFormat, type MathPromptFormat, type MathRecipe } from "./math-recipe.js";

export interface MathBenchmarkSpec<R> {
  name: string;
  description: string;
  dataset: string;
  /** The references reproduced, each with its prompt format; the first is the default. */
  recipes: readonly [MathRecipe, ...MathRecipe[]];
  hub: HubSplitRef;
  /** Path under `--data-dir`. */
  localPath: string;
  rowSchema: z.ZodType<R>;
  /** Maps a parsed row to the sample (its index in the file given). */
  toSample(row: R, index: number): MathProblemSample;
  /** Few-shot examples are the first rows of the same split (0: none). */
  maxNShots: number;
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

/**
 * The prompt of one problem: chat = [system] + one user message holding the whole body (shots inline); completion =
 * system + the format's separator + body.
 */
export function buildMathPrompt(
  format: MathPromptFormat,
  sample: MathProblemSample,
  shots: readonly MathProblemSample[],
  options: PromptOptions,
): Prompt {
  const text = format.body(sample, shots, options.cot);
  const systemPrompt = resolveSystemPrompt(options.systemPrompt, format.defaultSystemPrompt);
  if (options.endpointType === "chat") {
    return {
      type: "chat",
      messages: [
        ...(systemPrompt === undefined ? [] : [{ role: "system" as const, content: systemPrompt }]),
        { role: "user", content: text },
      ],
    };
  }
  return {
    type: "completion",
    text: systemPrompt === undefined ? text : `${systemPrompt}${format.completionSystemSeparator}${text}`,
  };
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
    const format = findMathFormat(spec.recipes, options.recipe);
    const samples = await readRows(spec, options.context);
    const loadedNShots = options.nShots;
    return {
      samples,
      buildPrompt(sample, promptOptions) {
        checkNShots(spec.name, promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
        return buildMathPrompt(format, sample, samples.slice(0, promptOptions.nShots), promptOptions);
      },
    };
  }
  const recipes = spec.recipes.map((each) => each.recipe) as [Recipe, ...Recipe[]];
  return {
    name: spec.name,
    description: spec.description,
    dataset: spec.dataset,
    recipes,
    maxNShots: spec.maxNShots,
    tasks: [],
    load,
    oracle: createMathOracle(spec.recipes),
  };
}
