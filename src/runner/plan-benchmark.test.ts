import { describe, expect, it } from "vitest";
import { loadBenchmark } from "../benchmarks/registry.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { fixturesDir, sharedDataDir } from "../benchmarks/test-support/shared-data-dir.js";
import { parseRunOptions } from "../config/parse-run-options.js";
import type { RunOptionsInput } from "../config/run-options.js";
import { seededSubset } from "../stats/seeded-subset.js";
import { stratifiedSubset } from "../stats/stratified-subset.js";
import { planBenchmark, SUBSET_SEED } from "./plan-benchmark.js";
import { limitConfig, manifestBenchmark } from "./plan-config.js";

type Extra = Pick<
  RunOptionsInput,
  | "numSamples"
  | "limit"
  | "first"
  | "recipe"
  | "nShots"
  | "grader"
  | "maxTokens"
  | "systemPrompt"
  | "temperature"
>;

const plan = async (name: string, extra: Extra, dataDir = fixturesDir(name)) => {
  const benchmark = await loadBenchmark(name);
  const context = createLocalDatasetContext(dataDir);
  return planBenchmark(benchmark, parseRunOptions({ benchmarks: [name], ...extra }), context);
};
const ids = (planned: { samples: readonly { id: string }[] }): string[] =>
  planned.samples.map((sample) => sample.id);

describe("planBenchmark --num-samples", () => {
  it("draws the seeded subset, then --first keeps its first N", async () => {
    const all = (await plan("gsm8k", {})).samples;
    expect(all).toHaveLength(12);
    const drawn = ids(await plan("gsm8k", { numSamples: 3 }));
    expect(drawn).toEqual(ids({ samples: seededSubset(all, 3, SUBSET_SEED) }));
    expect(ids(await plan("gsm8k", { numSamples: 3, first: 2 }))).toEqual(drawn.slice(0, 2));
  });

  it("uses the task's NUM_SAMPLES for `task` (GSM8K 1319: all twelve fixtures)", async () => {
    expect((await plan("gsm8k", { numSamples: "task" })).samples).toHaveLength(12);
  });
});

describe("planBenchmark --limit and --first", () => {
  it("--limit takes every task's share of a multi-task benchmark; --first the literal first N", async () => {
    // The fixtures: abstract_algebra's 3 questions, then college_medicine's 2.
    const all = await plan("mmlu", {});
    expect(all.samples.map((sample) => sample.task)).toEqual([
      "abstract_algebra",
      "abstract_algebra",
      "abstract_algebra",
      "college_medicine",
      "college_medicine",
    ]);
    const limited = await plan("mmlu", { limit: 2 });
    expect(limited.samples.map((sample) => sample.task)).toEqual(["abstract_algebra", "college_medicine"]);
    expect(ids(limited)).toEqual(ids({ samples: stratifiedSubset(all.samples, 2, SUBSET_SEED) }));
    expect(limited.limit).toEqual({ count: 2, mode: "stratified" });
    const first = await plan("mmlu", { first: 2 });
    expect(ids(first)).toEqual(ids(all).slice(0, 2));
    expect(limitConfig(first)).toEqual({ limit: 2, limit_mode: "first" });
    expect(manifestBenchmark(limited)).toMatchObject({
      planned_samples: 2,
      limit: 2,
      limit_mode: "stratified",
    });
    expect(limitConfig(all)).toEqual({ limit: null, limit_mode: null });
  });

  it("--limit on a one-task benchmark is the seeded subset --num-samples draws", async () => {
    expect(ids(await plan("gsm8k", { limit: 2 }))).toEqual(ids(await plan("gsm8k", { numSamples: 2 })));
  });

  it("refuses --limit with --first", () => {
    expect(() => parseRunOptions({ benchmarks: ["mmlu"], limit: 2, first: 2 })).toThrow(
      "--first: give --limit N (a seeded subset stratified by task) or --first N (the first N), not both",
    );
  });

  const shared = sharedDataDir("mmlu/test");
  it.skipIf(shared === undefined)("spreads --limit 100 of the real MMLU over all 57 subjects", async () => {
    const limited = await plan("mmlu", { limit: 100 }, shared);
    expect(limited.samples).toHaveLength(100);
    expect(new Set(limited.samples.map((sample) => sample.task)).size).toBe(57);
    const first = await plan("mmlu", { first: 50 }, shared);
    expect(new Set(first.samples.map((sample) => sample.task))).toEqual(new Set(["abstract_algebra"]));
  });
});

describe("planBenchmark recipes", () => {
  it("follows the default recipe, and records it with its pinned sources and no overrides", async () => {
    const planned = await plan("gsm8k", {});
    const [recipe] = planned.benchmark.recipes;
    expect(planned.recipe).toBe(recipe);
    expect(planned.graderName).toBe(recipe.grader);
    expect(planned.promptOptions.nShots).toBe(recipe.defaultNShots);
    expect(planned.params.maxTokens).toBe(recipe.defaultParams.maxTokens);
    expect(manifestBenchmark(planned).recipe).toEqual({
      name: recipe.name,
      sources: recipe.sources.map((source) => `${source.repository} ${source.path}@${source.pin}`),
      overrides: {},
    });
  });

  it("records the accuracy flags that replace the recipe's values, by their run.json names", async () => {
    const planned = await plan("gsm8k", { nShots: 1, grader: "exact_match", maxTokens: 7, systemPrompt: "" });
    expect(planned.graderName).toBe("exact_match");
    expect(planned.params.maxTokens).toBe(7);
    expect(manifestBenchmark(planned).recipe?.overrides).toEqual({
      n_shots: 1,
      grader: "exact_match",
      max_tokens: 7,
      system_prompt: "",
    });
  });

  it("samples at the user's temperature, else the recipe's, else 0", async () => {
    expect((await plan("gsm8k", { recipe: ["lm-eval"] })).params.temperature).toBe(0);
    const simpleEvals = await plan("gpqa_diamond", { recipe: ["simple-evals"] });
    expect(simpleEvals.params.temperature).toBe(0.5);
    expect(manifestBenchmark(simpleEvals).recipe?.overrides).toEqual({});
    const chosen = await plan("gpqa_diamond", { recipe: ["simple-evals"], temperature: 0 });
    expect(chosen.params.temperature).toBe(0);
    expect(manifestBenchmark(chosen).recipe?.overrides).toEqual({ temperature: 0 });
  });

  it("--scoring loglikelihood without --recipe follows the recipe whose reference scores that way", async () => {
    const scored = await planBenchmark(
      await loadBenchmark("mmlu"),
      parseRunOptions({ benchmarks: ["mmlu"], scoring: "loglikelihood" }),
      createLocalDatasetContext(fixturesDir("mmlu")),
    );
    expect(scored.recipe.name).toBe("lm-eval");
    const named = await planBenchmark(
      await loadBenchmark("mmlu"),
      parseRunOptions({ benchmarks: ["mmlu"], scoring: "loglikelihood", recipe: ["lighteval"] }),
      createLocalDatasetContext(fixturesDir("mmlu")),
    );
    expect(named.recipe.name).toBe("lighteval");
    expect((await plan("mmlu", {})).recipe.name).toBe("lighteval");
  });

  it("refuses a recipe the benchmark does not have, naming the ones it has", async () => {
    await expect(plan("gsm8k", { recipe: ["no-such-recipe"] })).rejects.toThrow(
      /gsm8k has no recipe "no-such-recipe"\. Its recipes: /,
    );
  });
});

describe("planBenchmark endpoint and scoring", () => {
  it("uses --endpoint-type when given, else the recipe's default endpoint, else chat", async () => {
    expect((await plan("gsm8k", {})).promptOptions.endpointType).toBe("chat");
    const given = await planBenchmark(
      await loadBenchmark("gsm8k"),
      parseRunOptions({ benchmarks: ["gsm8k"], endpointType: "completions" }),
      createLocalDatasetContext(fixturesDir("gsm8k")),
    );
    expect(given.promptOptions.endpointType).toBe("completions");
    const benchmark = await loadBenchmark("gsm8k");
    const [first, ...rest] = benchmark.recipes;
    const completionsFirst = {
      ...benchmark,
      recipes: [
        { ...first, defaultEndpointType: "completions" as const },
        ...rest,
      ] as typeof benchmark.recipes,
    };
    const byRecipe = await planBenchmark(
      completionsFirst,
      parseRunOptions({ benchmarks: ["gsm8k"] }),
      createLocalDatasetContext(fixturesDir("gsm8k")),
    );
    expect(byRecipe.promptOptions.endpointType).toBe("completions");
    expect(byRecipe.scoring).toBe("generate");
    const onlyLoglikelihood = {
      ...benchmark,
      recipes: [{ ...first, isLoglikelihoodOnly: true }, ...rest] as typeof benchmark.recipes,
    };
    const scored = await planBenchmark(
      onlyLoglikelihood,
      parseRunOptions({ benchmarks: ["gsm8k"] }),
      createLocalDatasetContext(fixturesDir("gsm8k")),
    );
    expect([scored.scoring, scored.promptOptions.endpointType]).toEqual(["loglikelihood", "completions"]);
  });
});
