// Resolves one benchmark of a run: its samples (tasks, subset, limit), prompt options, grader and generation parameters.

import { recipeGraderName } from "../benchmarks/recipe-grader-name.js";
import { resolveDefaultParams } from "../benchmarks/resolve-default-params.js";
import { selectRecipe } from "../benchmarks/select-recipe.js";
import type {
  Benchmark,
  BenchmarkSample,
  ContainerTierSettings,
  LoadedBenchmark,
  LoadOptions,
  LongContextSettings,
  PromptOptions,
  Recipe,
} from "../benchmarks/types.js";
import { resolveBenchmarks } from "../byob/resolve-benchmarks.js";
import type { RunOptions, Scoring } from "../config/run-options.js";
import type { ContainerEngine } from "../containers/types.js";
import type { GenerationParams } from "../core/generation.js";
import type { LimitMode } from "../core/limit-mode.js";
import type { EndpointType } from "../core/prompt.js";
import type { StructuredOutputStyle } from "../core/structured-output-style.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import type { DatasetContext } from "../datasets/types.js";
import { ConfigError } from "../errors.js";
import { getGrader } from "../graders/registry.js";
import type { Grader } from "../graders/types.js";
import { type TaskParams, taskDefaults } from "../references/task-defaults.js";
import type { BenchmarkLayout } from "../results/summarize-benchmark.js";
import type { CodeSandbox } from "../sandbox/types.js";
import { seededSubset } from "../stats/seeded-subset.js";
import { stratifiedSubset } from "../stats/stratified-subset.js";
import type { ShotBudgetRecord } from "./fit-shots-to-token-budget.js";
import { type Repeats, repeatSamples } from "./repeat-samples.js";
import type { PlanGrader } from "./score-answer.js";

/**
 * Seed of `--num-samples` and `--limit` subsets: fixed, so a gated run and its reference, or two runs with the
 * same `--limit`, draw the same samples.
 */
export const SUBSET_SEED = 0;

/** An accuracy flag the user gave that replaces the recipe's own value (recorded beside the recipe). */
export const RECIPE_OVERRIDE_KEYS = [
  "nShots",
  "systemPrompt",
  "cot",
  "grader",
  "maxTokens",
  "temperature",
  "extraInputs",
] as const satisfies readonly (keyof RunOptions)[];

export interface PlannedBenchmark {
  benchmark: Benchmark;
  recipe: Recipe;
  /** The flags of `RECIPE_OVERRIDE_KEYS` the user gave, by flag name (`n_shots`), with the values used. */
  overrides: Record<string, unknown>;
  loaded: LoadedBenchmark;
  /** The samples this run evaluates, in order. */
  samples: BenchmarkSample[];
  /** `--limit N` (a seeded subset stratified by task) or `--first N` (the first N); undefined: all samples. */
  limit: { count: number; mode: LimitMode } | undefined;
  /** `--scoring`, or loglikelihood for a recipe that only scores so. */
  scoring: Scoring;
  promptOptions: PromptOptions;
  graderName: string;
  /**
   * A registered grader (sync, one verdict), the recipe's scorer (async, named scores), or a sample program (it
   * sends the sample's requests and grades them: `buildProgramWorkItem`).
   */
  grader: PlanGrader;
  /** The recipe's graders reported beside the main one (none when `--grader` replaces the recipe's). */
  extraGraders: { name: string; grader: Grader }[];
  params: GenerationParams;
  /** Samples whose prompt shows fewer shots than `promptOptions.nShots` (the recipe's prompt token budget). */
  shotsBySample?: ReadonlyMap<string, number>;
  /** How the recipe's prompt token budget was applied, when it has one (see `fitShotsToTokenBudget`). */
  shotBudget?: ShotBudgetRecord;
  /** The run's code sandbox, when the recipe executes model-written code (see `openRunTools`). */
  sandbox?: CodeSandbox;
  /** The run's container engine, when the recipe's samples work in containers (see `openRunTools`). */
  containers?: ContainerEngine;
  /** The run's tokenizer (`LoadOptions.tokenizer`), for a program that counts or scores tokens (perplexity). */
  tokenizer?: () => Promise<TextTokenizer>;
  /** How a sample's JSON schema is sent (`--structured-output-style`). */
  structuredOutputStyle: StructuredOutputStyle;
  /** `--num-samples-per-task N` > 1: each sample is asked N times (`samples` holds `<id>#r`). */
  repeats?: Repeats;
  /** The simulated user's request parameters, for a recipe that `usesUserModel` (`--user-temperature`). */
  userParams?: GenerationParams;
}

/** Loads the benchmarks a run names (their code, not their data) and checks `--tasks` against them. */
export async function loadRunBenchmarks(options: RunOptions): Promise<Benchmark[]> {
  const loaded = await resolveBenchmarks(options.benchmarks);
  checkTasksKnown(options.tasks, loaded);
  for (const benchmark of loaded) {
    const recipe = selectRecipe(benchmark, options.recipe, options.scoring, options.endpointType);
    // Before any server or data is asked: an endpoint the benchmark cannot use is refused.
    planEndpointType(benchmark, recipe, options, scoringOf(options, recipe));
  }
  checkRecipePairsKnown(options.recipe, loaded);
  return loaded;
}

/** `tokenizer`: the run's (see `LoadOptions.tokenizer`), for benchmarks that count or cut tokens. */
export async function planBenchmark(
  benchmark: Benchmark,
  options: RunOptions,
  context: DatasetContext,
  tokenizer?: () => Promise<TextTokenizer>,
): Promise<PlannedBenchmark> {
  const recipe = selectRecipe(benchmark, options.recipe, options.scoring, options.endpointType);
  const nShots = options.nShots ?? recipe.defaultNShots;
  if (nShots > benchmark.maxNShots) {
    throw new ConfigError(
      `--n-shots ${nShots} is more than ${benchmark.name} allows (at most ${benchmark.maxNShots}).`,
    );
  }
  const cot = options.cot ?? recipe.defaultCot ?? false;
  const named = options.grader === undefined ? undefined : recipe.namedScorers?.[options.grader];
  const chosen = named ?? options.grader ?? recipe.byCot?.[cot ? "cot" : "direct"]?.grader ?? recipe.grader;
  const graderName = recipeGraderName(chosen);
  const grader = typeof chosen === "string" ? getGrader(chosen) : chosen;
  const extraGraders =
    options.grader === undefined
      ? (recipe.extraGraders ?? []).map((name) => ({ name, grader: getGrader(name) }))
      : [];
  const tasks = tasksOf(benchmark, options.tasks);
  const dateWindow = dateWindowOf(options, benchmark);
  const loaded = await benchmark.load({
    context,
    recipe,
    nShots,
    ...(tasks === undefined ? {} : { tasks }),
    ...(dateWindow === undefined ? {} : { dateWindow }),
    ...(tokenizer === undefined ? {} : { tokenizer }),
    ...longContextOf(options),
    ...containerTierOf(options),
  });
  const drawn = drawSubset(
    loaded.samples,
    options.numSamples,
    taskDefaults(benchmark.name, recipe.taskParams),
    recipe.subset,
  );
  const limit = sampleLimit(options);
  const { samples, repeats } = repeatSamples(limitSamples(drawn, limit), options.samplesPerTask);
  const scoring = scoringOf(options, recipe);
  // Log-likelihood scoring reads `echo` + `logprobs` of /completions; else the flag, the benchmark's, or chat.
  const endpointType = planEndpointType(benchmark, recipe, options, scoring);
  const params: GenerationParams = resolveDefaultParams(recipe, endpointType, cot);
  // The user's temperature, else the recipe's, else greedy: an accuracy run never leaves it to the server.
  params.temperature = options.temperature ?? params.temperature ?? 0;
  if (options.maxTokens !== undefined) params.maxTokens = options.maxTokens;
  if (options.seed !== undefined) params.seed = options.seed;
  if (options.extraInputs !== undefined) params.extraBody = options.extraInputs;
  // A simulated user (sampled at the server's default) makes repeated conversations differ even when greedy.
  if (repeats !== undefined && params.temperature === 0 && recipe.usesUserModel !== true) {
    throw new ConfigError(
      `--num-samples-per-task ${repeats.samplesPerTask} at temperature 0 asks for ${repeats.samplesPerTask} identical greedy completions of each sample; give --temperature (e.g. 0.8, as the HumanEval paper's pass@100).`,
    );
  }
  return {
    benchmark,
    recipe,
    overrides: recipeOverrides(options),
    loaded,
    samples,
    limit,
    scoring,
    promptOptions: {
      endpointType,
      nShots,
      systemPrompt: options.systemPrompt,
      cot,
    },
    graderName,
    grader,
    extraGraders,
    params,
    structuredOutputStyle: options.structuredOutputStyle,
    ...(repeats === undefined ? {} : { repeats }),
    ...(tokenizer === undefined ? {} : { tokenizer }),
    ...(recipe.usesUserModel === true
      ? { userParams: options.userTemperature === undefined ? {} : { temperature: options.userTemperature } }
      : {}),
  };
}

/** `--scoring`, or loglikelihood for a recipe that only scores so. */
function scoringOf(options: RunOptions, recipe: Recipe): Scoring {
  return options.scoring === "loglikelihood" || recipe.isLoglikelihoodOnly === true
    ? "loglikelihood"
    : "generate";
}

/**
 * The endpoint a plan sends to: completions for log-likelihood scoring (`echo` + `logprobs`), else the flag, the
 * recipe's, or chat; one the benchmark cannot use (a benchmark of chat conversations) is a ConfigError.
 */
function planEndpointType(
  benchmark: Benchmark,
  recipe: Recipe,
  options: RunOptions,
  scoring: Scoring,
): EndpointType {
  const endpointType =
    scoring === "loglikelihood"
      ? "completions"
      : (options.endpointType ?? recipe.defaultEndpointType ?? "chat");
  if (benchmark.endpointTypes !== undefined && !benchmark.endpointTypes.includes(endpointType)) {
    throw new ConfigError(
      `${benchmark.name} sends chat conversations: --endpoint-type ${endpointType} does not apply; use ${benchmark.endpointTypes.join(" or ")}.`,
    );
  }
  return endpointType;
}

/** `--lcb-start-date`/`--lcb-end-date` for a benchmark with dated samples; a ConfigError for any other. */
function dateWindowOf(options: RunOptions, benchmark: Benchmark): LoadOptions["dateWindow"] {
  if (options.lcbStartDate === undefined && options.lcbEndDate === undefined) return undefined;
  if (benchmark.hasDatedSamples !== true) {
    throw new ConfigError(
      `--lcb-start-date/--lcb-end-date filter dated problems (lcb_codegeneration); ${benchmark.name} has no dates. Run it without them, or separately.`,
    );
  }
  return {
    ...(options.lcbStartDate === undefined ? {} : { start: options.lcbStartDate }),
    ...(options.lcbEndDate === undefined ? {} : { end: options.lcbEndDate }),
  };
}

/**
 * `--num-samples`: N samples (or the task's NUM_SAMPLES) drawn by seeded hash of their ids, in data order; the first
 * N for a recipe whose loader already shuffled them as its reference does (`Recipe.subset`).
 */
function drawSubset<S extends BenchmarkSample>(
  samples: S[],
  numSamples: number | "task" | undefined,
  params: TaskParams,
  subset: Recipe["subset"],
): S[] {
  const count = numSamples === "task" ? params.numSamples : numSamples;
  if (count === undefined) return samples;
  return subset === "first" ? samples.slice(0, count) : seededSubset(samples, count, SUBSET_SEED);
}

function sampleLimit(options: Pick<RunOptions, "limit" | "first">): PlannedBenchmark["limit"] {
  if (options.first !== undefined) return { count: options.first, mode: "first" };
  if (options.limit !== undefined) return { count: options.limit, mode: "stratified" };
  return undefined;
}

/**
 * `--first N`: the first N, as lm-eval's and aiperf's `--limit` take them. `--limit N`: N samples spread over the
 * tasks in proportion to their sizes, each task's drawn by seeded hash of their ids, kept in data order — the first
 * N of MMLU would all be abstract_algebra. On a one-task benchmark this is the seeded subset `--num-samples N`
 * draws: data files are ordered, not shuffled (AIME by contest and problem number, later ones harder), and one rule
 * serves every benchmark.
 */
function limitSamples<S extends BenchmarkSample>(samples: S[], limit: PlannedBenchmark["limit"]): S[] {
  if (limit === undefined) return samples;
  return limit.mode === "first"
    ? samples.slice(0, limit.count)
    : stratifiedSubset(samples, limit.count, SUBSET_SEED);
}

/** The requested tasks this benchmark knows; undefined (all) when none were requested or none are its own. */
/**
 * The `--tasks` a benchmark loads: those it declares among the requested, or all requested for one whose tasks come
 * from its data (its load checks them); undefined for all.
 */
function tasksOf(benchmark: Benchmark, requested: readonly string[] | undefined): string[] | undefined {
  if (benchmark.hasDataTasks === true)
    return requested === undefined || requested.length === 0 ? undefined : [...requested];
  return benchmark.tasks.length > 0 ? selectTasks(requested, benchmark.tasks) : undefined;
}

function selectTasks(
  requested: readonly string[] | undefined,
  known: readonly string[],
): string[] | undefined {
  if (requested === undefined || requested.length === 0) return undefined;
  const own = requested.filter((task) => known.includes(task));
  return own.length > 0 ? own : undefined;
}

/**
 * Every requested task must belong to at least one of the run's benchmarks; a benchmark whose tasks are read from its
 * data checks them when it loads.
 */
function checkTasksKnown(requested: readonly string[] | undefined, benchmarks: readonly Benchmark[]): void {
  if (requested === undefined) return;
  for (const benchmark of benchmarks) {
    const excluded = requested.find((task) => Object.hasOwn(benchmark.excludedTasks ?? {}, task));
    if (excluded !== undefined) {
      throw new ConfigError(
        `${benchmark.name}'s ${excluded} is not part of this benchmark: ${benchmark.excludedTasks?.[excluded] ?? ""} Available: ${benchmark.tasks.join(", ")}.`,
      );
    }
  }
  if (benchmarks.some((benchmark) => benchmark.hasDataTasks === true)) return;
  const known = new Set(benchmarks.flatMap((benchmark) => benchmark.tasks));
  const unknown = requested.filter((task) => !known.has(task));
  if (unknown.length === 0) return;
  const names = benchmarks.map((benchmark) => benchmark.name).join(", ");
  const list = [...known].sort().join(", ");
  throw new ConfigError(
    `Unknown task${unknown.length > 1 ? "s" : ""} ${unknown.map((task) => `"${task}"`).join(", ")} for ${names}. ` +
      (list === "" ? `${names} has no subtasks.` : `Available: ${list}.`),
  );
}

/** The accuracy flags given, keyed as run.json writes them (`n_shots`, `system_prompt`, …). */
function recipeOverrides(options: RunOptions): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const key of RECIPE_OVERRIDE_KEYS) {
    const value = options[key];
    if (value !== undefined) overrides[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = value;
  }
  return overrides;
}

/** Every benchmark a `--recipe benchmark=name` pair names must be one of the run's. */
function checkRecipePairsKnown(
  requested: readonly string[] | undefined,
  benchmarks: readonly Benchmark[],
): void {
  const names = new Set(benchmarks.flatMap((benchmark) => [benchmark.name, ...(benchmark.aliases ?? [])]));
  for (const entry of requested ?? []) {
    const benchmarkName = entry.split("=", 1)[0] ?? "";
    if (entry.includes("=") && !names.has(benchmarkName)) {
      throw new ConfigError(
        `--recipe ${entry} names "${benchmarkName}", which this run does not evaluate (it runs ${[...benchmarks.map((benchmark) => benchmark.name)].join(", ")}).`,
      );
    }
  }
}

/** The long-context flags given, as `LoadOptions.longContext`. */
function longContextOf(options: RunOptions): { longContext?: LongContextSettings } {
  const settings: { -readonly [Key in keyof LongContextSettings]: LongContextSettings[Key] } = {};
  if (options.maxContextTokens !== undefined) settings.maxContextTokens = options.maxContextTokens;
  if (options.contextTokens !== undefined) settings.contextTokens = options.contextTokens;
  if (options.depths !== undefined) settings.depths = options.depths;
  return Object.keys(settings).length === 0 ? {} : { longContext: settings };
}

/** The container tier's benchmark flags given, as `LoadOptions.containerTier`. */
function containerTierOf(options: RunOptions): { containerTier?: ContainerTierSettings } {
  const settings: { -readonly [Key in keyof ContainerTierSettings]: ContainerTierSettings[Key] } = {};
  if (options.maxTurns !== undefined) settings.maxTurns = options.maxTurns;
  if (options.sweImages !== undefined) settings.sweImages = options.sweImages;
  if (options.sweRepoUrl !== undefined) settings.sweRepoUrl = options.sweRepoUrl;
  return Object.keys(settings).length === 0 ? {} : { containerTier: settings };
}

/** What the summary of a planned benchmark reads beside its records: the benchmark's layout and the recipe's headline. */
export function summaryLayout(plan: Pick<PlannedBenchmark, "benchmark" | "recipe">): BenchmarkLayout {
  const { taskGroups, facetGrids, facetOrder } = plan.benchmark;
  return {
    ...(taskGroups === undefined ? {} : { taskGroups }),
    ...(facetGrids === undefined ? {} : { facetGrids }),
    ...(facetOrder === undefined ? {} : { facetOrder }),
    ...(plan.recipe.headline === undefined ? {} : { headline: plan.recipe.headline }),
  };
}
