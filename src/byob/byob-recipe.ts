// The recipes and oracle of a defined benchmark: its `recipes` (or one, `byob`, pinned to the definition file's
// content digest), scorers as the recipes' graders, and what the mock server answers its samples with.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BenchmarkOracle, Recipe, RecipeScorer, RecipeSource } from "../benchmarks/types.js";
import type { GraderName } from "../graders/registry.js";
import type { CodeSandbox } from "../sandbox/types.js";
import type { ByobSample } from "./byob-sample.js";
import type { BenchmarkDefinition } from "./define-benchmark.js";
import type { RecipeDefinition, RecipeFewshot } from "./recipe-definition.js";
import { type ScorerConfig, type ScorerFunction, type ScorerInput, scorerLabel } from "./scorer.js";

/** A definition file's content digest (40 hex, the recipe's pin), or the config's when defined in code. */
function definitionDigest(definition: BenchmarkDefinition): string {
  const content =
    definition.definitionFile === undefined
      ? JSON.stringify(definition.config)
      : readFileSync(definition.definitionFile);
  return createHash("sha1").update(content).digest("hex");
}

/** The scorer as the recipe's grader: ScorerInput from the answer and the sample's row. */
function recipeScorer(definition: BenchmarkDefinition, fn: ScorerFunction): RecipeScorer {
  const { config } = definition;
  const scorerConfig = (sandbox: CodeSandbox | undefined): ScorerConfig => ({
    extra: config.extra,
    benchmark: definition.normalizedName,
    ...(sandbox === undefined ? {} : { sandbox }),
  });
  const file =
    definition.definitionFile === undefined ? "" : ` (${path.basename(definition.definitionFile)})`;
  return {
    name: `${scorerLabel(fn)}${file}`,
    async score(answer) {
      const sample = answer.sample as ByobSample;
      const input: ScorerInput = {
        response: answer.response,
        target: sample.gold,
        metadata: sample.row,
        prompt: answer.prompt,
        reasoning: answer.reasoning,
        finishReason: answer.finishReason,
        ...(answer.choices === undefined ? {} : { choices: answer.choices }),
      };
      return fn.length >= 2
        ? fn(input, scorerConfig(answer.sandbox))
        : (fn as (sample: ScorerInput) => ReturnType<typeof fn>)(input);
    },
  };
}

/** How a recipe's prompts are made, beyond its Recipe fields. */
export interface RecipeForm {
  /** A prompt template replacing the benchmark's. */
  prompt: string | undefined;
  /** Sent as is when `--system-prompt` is not given (else the benchmark's `system_prompt` template). */
  systemPrompt: string | undefined;
  systemSeparator: string;
  chatFewShot: "inline" | "turns";
  /** Absent: NeMo's few-shot rules. */
  fewshot: RecipeFewshot | undefined;
}

export interface CompiledRecipe {
  recipe: Recipe;
  form: RecipeForm;
}

/** NeMo's layout: the benchmark's own prompt and system prompt, `"\n"` after the system prompt, examples inline. */
const NEMO_FORM: RecipeForm = {
  prompt: undefined,
  systemPrompt: undefined,
  systemSeparator: "\n",
  chatFewShot: "inline",
  fewshot: undefined,
};

/** The endpoint fields of a recipe: its own `endpointType`, else the definition's `endpoint_type`; and `executesCode`. */
function endpointFields(definition: BenchmarkDefinition, own?: "chat" | "completions"): Partial<Recipe> {
  const code = definition.config.executesCode ? { executesCode: true } : {};
  return definition.config.endpointType === "completions_logprob"
    ? {
        isLoglikelihoodOnly: true,
        scoring: "loglikelihood" as const,
        defaultEndpointType: "completions" as const,
        ...code,
      }
    : { defaultEndpointType: own ?? definition.config.endpointType, ...code };
}

/** `value` without its undefined properties (zod's optional output keeps them; Recipe's types do not). */
function defined<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

function fromDefinition(definition: BenchmarkDefinition, entry: RecipeDefinition): CompiledRecipe {
  const grader = entry.grader ?? definition.scorer;
  if (grader === undefined) {
    throw new Error(
      `recipe ${entry.name} of ${definition.normalizedName} has no grader (benchmark() checks this)`,
    );
  }
  const byEndpoint = entry.defaultParamsByEndpoint;
  const recipe: Recipe = {
    name: entry.name,
    description: entry.description,
    sources: entry.sources.map((source) => defined(source)) as [RecipeSource, ...RecipeSource[]],
    grader: typeof grader === "string" ? (grader as GraderName) : recipeScorer(definition, grader),
    ...(entry.extraGraders === undefined ? {} : { extraGraders: entry.extraGraders as GraderName[] }),
    ...(entry.graders === undefined
      ? {}
      : {
          namedScorers: Object.fromEntries(
            Object.entries(entry.graders).map(([name, fn]) => [name, recipeScorer(definition, fn)]),
          ),
        }),
    defaultNShots: entry.defaultNShots ?? definition.config.numFewshot,
    defaultParams: defined(entry.defaultParams),
    ...(byEndpoint === undefined
      ? {}
      : {
          defaultParamsByEndpoint: {
            ...(byEndpoint.chat === undefined ? {} : { chat: defined(byEndpoint.chat) }),
            ...(byEndpoint.completions === undefined ? {} : { completions: defined(byEndpoint.completions) }),
          },
        }),
    ...(entry.isMaxTokensOmitted === undefined ? {} : { isMaxTokensOmitted: entry.isMaxTokensOmitted }),
    chatFewShot: entry.chatFewShot,
    ...endpointFields(definition, entry.endpointType),
  };
  return {
    recipe,
    form: {
      prompt: entry.prompt,
      systemPrompt: entry.systemPrompt,
      systemSeparator: entry.systemSeparator,
      chatFewShot: entry.chatFewShot,
      fewshot: entry.fewshot,
    },
  };
}

/**
 * A definition's recipes, the default first: its `recipes`, or one recipe `byob` pinned to the definition file's
 * content digest and graded by its scorer.
 */
export function byobRecipes(definition: BenchmarkDefinition): readonly [CompiledRecipe, ...CompiledRecipe[]] {
  const { config } = definition;
  if (config.recipes !== undefined) {
    const [first, ...rest] = config.recipes;
    if (first === undefined) throw new Error("recipes is never empty (the schema checks it)");
    return [fromDefinition(definition, first), ...rest.map((entry) => fromDefinition(definition, entry))];
  }
  if (definition.scorer === undefined) throw new Error("a definition without recipes has a scorer");
  const recipe: Recipe = {
    name: "byob",
    description: `defined in ${definition.definitionFile ?? "code"} with benchmark() + scorer()`,
    sources: [
      {
        repository: "byob",
        path: definition.definitionFile ?? definition.normalizedName,
        pin: definitionDigest(definition),
      },
    ],
    grader: recipeScorer(definition, definition.scorer),
    defaultNShots: config.numFewshot,
    defaultParams: {},
    chatFewShot: "inline",
    ...endpointFields(definition),
  };
  return [{ recipe, form: NEMO_FORM }];
}

/** The prompt ending of `sample` under `recipe`: its query for that recipe. */
function querySuffix(sample: ByobSample, recipe: Recipe): string {
  return sample.queries?.[recipe.name] ?? sample.query;
}

/**
 * What the mock server answers a user benchmark with: the definition's `oracle`, else the target, or for a wrong
 * answer another candidate.
 */
export function byobOracle(definition: BenchmarkDefinition): BenchmarkOracle<ByobSample> {
  const custom = definition.config.oracle;
  return {
    promptSuffix: querySuffix,
    answer(sample, isCorrect, variant, recipe) {
      if (custom !== undefined) {
        const query = querySuffix(sample, recipe);
        return custom(
          { target: sample.gold, metadata: sample.row, query, recipe: recipe.name },
          isCorrect,
          variant,
        );
      }
      if (isCorrect) return sample.gold;
      const other = sample.choices?.find((choice) => choice !== sample.gold && !choice.includes(sample.gold));
      return other ?? (sample.gold.includes(NO_ANSWER) ? "-" : NO_ANSWER);
    },
  };
}

/** The oracle's wrong answer where there are no other candidates: no target is likely to be found in it. */
const NO_ANSWER = "(no answer)";
