// The part of a `<benchmark>.json` config block that a planned benchmark fixes, shared by `run` and `profile`.

import { formatRecipeSource } from "../benchmarks/select-recipe.js";
import type { LimitMode } from "../core/limit-mode.js";
import { redactReplicaUrls } from "../core/replica-urls.js";
import type { TaskParams } from "../core/task-params.js";
import type { RunManifest } from "../results/run-manifest.js";
import type { SpecResultInput } from "../results/spec-result-file.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";

export function planConfig(plan: PlannedBenchmark): Record<string, unknown> {
  return {
    ...limitConfig(plan),
    recipe: plan.recipe.name,
    recipe_sources: plan.recipe.sources.map(formatRecipeSource),
    recipe_overrides: plan.overrides,
    n_shots: plan.promptOptions.nShots,
    cot: plan.promptOptions.cot,
    grader: plan.graderName,
    extra_graders: plan.extraGraders.map((extra) => extra.name),
    system_prompt: plan.promptOptions.systemPrompt ?? null,
    temperature: plan.params.temperature ?? null,
    max_tokens: plan.params.maxTokens ?? null,
    seed: plan.params.seed ?? null,
    stop: plan.params.stop ?? null,
    dataset: plan.loaded.dataset ?? plan.benchmark.dataset,
    ...(plan.shotBudget === undefined ? {} : { shot_budget: plan.shotBudget }),
    ...(plan.recipe.taskParams === undefined ? {} : { task_params: taskParamsJson(plan.recipe.taskParams) }),
  };
}

/** `config.task_params`: the recipe's hypothesis-test constants, which `gate` reads back (`taskParamsSchema`). */
function taskParamsJson(params: TaskParams): Record<string, unknown> {
  return {
    alpha: params.alpha,
    beta: params.beta,
    sigma: params.sigma,
    num_samples: params.numSamples ?? null,
    ...(params.higherIsBetter === undefined ? {} : { higher_is_better: params.higherIsBetter }),
  };
}

/** How the samples were cut: `limit` N and `limit_mode` "stratified" (`--limit`) or "first" (`--first`); null: all. */
export function limitConfig(plan: PlannedBenchmark): { limit: number | null; limit_mode: LimitMode | null } {
  return { limit: plan.limit?.count ?? null, limit_mode: plan.limit?.mode ?? null };
}

/** A planned benchmark's entry in run.json. */
export function manifestBenchmark(plan: PlannedBenchmark): RunManifest["benchmarks"][number] {
  return {
    name: plan.benchmark.name,
    planned_samples: plan.samples.length,
    ...limitConfig(plan),
    recipe: {
      name: plan.recipe.name,
      sources: plan.recipe.sources.map(formatRecipeSource),
      overrides: plan.overrides,
    },
    n_shots: plan.promptOptions.nShots,
    grader: plan.graderName,
    dataset: plan.loaded.dataset ?? plan.benchmark.dataset,
    ...(plan.shotBudget === undefined ? {} : { shot_budget: plan.shotBudget }),
    ...(plan.loaded.fewshot === undefined
      ? {}
      : {
          fewshot: {
            source: plan.loaded.fewshot.source,
            selection: plan.loaded.fewshot.selection,
            ...(plan.loaded.fewshot.seed === undefined ? {} : { seed: plan.loaded.fewshot.seed }),
            pool_size: plan.loaded.fewshot.poolSize,
          },
        }),
  };
}

/** The spec result file's `config` block. */
export function specConfig(
  options: {
    baseUrl: string;
    backend?: string | undefined;
    concurrency?: number | undefined;
    stream: boolean;
  },
  plan: PlannedBenchmark,
): SpecResultInput["config"] {
  return {
    base_url: options.backend === "local" ? null : redactReplicaUrls(options.baseUrl),
    concurrency: options.concurrency ?? null,
    streaming: options.stream,
    temperature: plan.params.temperature ?? null,
    max_tokens: plan.params.maxTokens ?? null,
    seed: plan.params.seed ?? null,
  };
}
