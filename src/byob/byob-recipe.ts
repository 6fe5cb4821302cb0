// The recipes and oracle of a defined benchmark: its `recipes` (or one, `byob`, pinned to the definition file's
// content digest), scorers as the recipes' graders, and what the mock server answers its samples with.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type {
  BenchmarkOracle,
  Recipe,
  RecipeProgram,
  RecipeScorer,
  RecipeSource,
} from "../benchmarks/types.js";
import type { GraderName } from "../graders/registry.js";
import type { CodeSandbox } from "../sandbox/types.js";
import type { ByobSample } from "./byob-sample.js";
import type { BenchmarkDefinition } from "./define-benchmark.js";
import { type ProgramFunction, programLabel } from "./program.js";
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

/** The second parameter of a scorer or program. */
function scorerConfigOf(
  definition: BenchmarkDefinition,
  recipe: string,
  sandbox: CodeSandbox | undefined,
): ScorerConfig {
  return {
    extra: definition.config.extra,
    benchmark: definition.normalizedName,
    recipe,
    ...(sandbox === undefined ? {} : { sandbox }),
  };
}

/** ` (file.ts)` after a scorer's or program's label, when it was defined in a file. */
function fileSuffix(definition: BenchmarkDefinition): string {
  return definition.definitionFile === undefined ? "" : ` (${path.basename(definition.definitionFile)})`;
}

/** The program as the recipes' grader: it gets the sample's target and row, the session, and the config. */
function recipeProgram(definition: BenchmarkDefinition, recipe: string, fn: ProgramFunction): RecipeProgram {
  return {
    name: `${programLabel(fn)}${fileSuffix(definition)}`,
    kind: "program",
    run(sample, session, context) {
      const byob = sample as ByobSample;
      return fn(
        { target: byob.gold, metadata: byob.row },
        session,
        scorerConfigOf(definition, recipe, context.sandbox),
      );
    },
  };
}

/** The scorer as the recipe's grader: ScorerInput from the answer and the sample's row. */
function recipeScorer(definition: BenchmarkDefinition, recipe: string, fn: ScorerFunction): RecipeScorer {
  const scorerConfig = (sandbox: CodeSandbox | undefined): ScorerConfig =>
    scorerConfigOf(definition, recipe, sandbox);
  return {
    name: `${scorerLabel(fn)}${fileSuffix(definition)}`,
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
  /** The prompt's cut to a token budget (`truncatePrompt`); absent: sent whole. */
  truncatePrompt: { maxTokens: number; side: "left" | "right" } | undefined;
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
  truncatePrompt: undefined,
};

/**
 * The endpoint fields of a recipe: its own `endpointType`, else the definition's `endpoint_type`; and `executesCode`
 * (the definition's, unless the recipe says its grader runs nothing).
 */
function endpointFields(
  definition: BenchmarkDefinition,
  own?: "chat" | "completions",
  ownExecutesCode?: boolean,
): Partial<Recipe> {
  const code = (ownExecutesCode ?? definition.config.executesCode) ? { executesCode: true } : {};
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

/** A recipe's grader: its own (a grader name or scorer), else the definition's scorer or program. */
function graderOf(definition: BenchmarkDefinition, entry: RecipeDefinition): Recipe["grader"] {
  const grader = entry.grader ?? definition.scorer;
  if (grader !== undefined)
    return typeof grader === "string" ? (grader as GraderName) : recipeScorer(definition, entry.name, grader);
  if (definition.program !== undefined) return recipeProgram(definition, entry.name, definition.program);
  throw new Error(
    `recipe ${entry.name} of ${definition.normalizedName} has no grader (benchmark() checks this)`,
  );
}

function fromDefinition(definition: BenchmarkDefinition, entry: RecipeDefinition): CompiledRecipe {
  const byEndpoint = entry.defaultParamsByEndpoint;
  const recipe: Recipe = {
    name: entry.name,
    description: entry.description,
    sources: entry.sources.map((source) => defined(source)) as [RecipeSource, ...RecipeSource[]],
    grader: graderOf(definition, entry),
    ...(entry.extraGraders === undefined ? {} : { extraGraders: entry.extraGraders as GraderName[] }),
    ...(entry.graders === undefined
      ? {}
      : {
          namedScorers: Object.fromEntries(
            Object.entries(entry.graders).map(([name, fn]) => [
              name,
              recipeScorer(definition, entry.name, fn),
            ]),
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
    ...(entry.usesUserModel === undefined ? {} : { usesUserModel: entry.usesUserModel }),
    ...(entry.headline === undefined ? {} : { headline: defined(entry.headline) }),
    ...(entry.taskParams === undefined
      ? {}
      : { taskParams: { ...defined(entry.taskParams), numSamples: entry.taskParams.numSamples } }),
    chatFewShot: entry.chatFewShot,
    ...endpointFields(definition, entry.endpointType, entry.executesCode),
  };
  return {
    recipe,
    form: {
      prompt: entry.prompt,
      systemPrompt: entry.systemPrompt,
      systemSeparator: entry.systemSeparator,
      chatFewShot: entry.chatFewShot,
      fewshot: entry.fewshot,
      truncatePrompt: entry.truncatePrompt,
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
  const { program } = definition;
  if (definition.scorer === undefined && program === undefined) {
    throw new Error("a definition without recipes has a scorer or a program");
  }
  const recipe: Recipe = {
    name: "byob",
    description: `defined in ${definition.definitionFile ?? "code"} with benchmark() + ${program === undefined ? "scorer()" : "program()"}`,
    sources: [
      {
        repository: "byob",
        path: definition.definitionFile ?? definition.normalizedName,
        pin: definitionDigest(definition),
      },
    ],
    grader:
      program === undefined
        ? recipeScorer(definition, "byob", definition.scorer as ScorerFunction)
        : recipeProgram(definition, "byob", program),
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
 * answer another candidate. A conversation oracle (a `program()` benchmark's) is recognised turn by turn, by the
 * conversation's user messages so far.
 */
export function byobOracle(definition: BenchmarkDefinition): BenchmarkOracle<ByobSample> {
  const custom = definition.config.oracle;
  const oracleSample = (sample: ByobSample, recipe: Recipe) => ({
    target: sample.gold,
    metadata: sample.row,
    query: querySuffix(sample, recipe),
    recipe: recipe.name,
  });
  if (custom !== undefined && typeof custom !== "function") {
    const turnsOf = (sample: ByobSample, recipe: Recipe) => custom.turns(oracleSample(sample, recipe));
    const turnIndex = (sample: ByobSample, recipe: Recipe, suffix?: string, turn?: number): number =>
      turn ?? (suffix === undefined ? 0 : Math.max(0, turnsOf(sample, recipe).indexOf(suffix)));
    return {
      promptSuffix: (sample, recipe) => turnsOf(sample, recipe)[0] ?? querySuffix(sample, recipe),
      conversationTurns: turnsOf,
      answer(sample, isCorrect, variant, recipe, suffix, turn) {
        const index = turnIndex(sample, recipe, suffix, turn);
        return custom.answer(oracleSample(sample, recipe), isCorrect, variant, index);
      },
      ...(custom.reply === undefined
        ? {}
        : {
            reply: (
              sample: ByobSample,
              isCorrect: boolean,
              variant: number,
              recipe: Recipe,
              suffix?: string,
              turn?: number,
            ) =>
              custom.reply?.(
                oracleSample(sample, recipe),
                isCorrect,
                variant,
                turnIndex(sample, recipe, suffix, turn),
              ) ?? {
                text: "",
                toolCalls: [],
              },
          }),
    };
  }
  return {
    promptSuffix: querySuffix,
    answer(sample, isCorrect, variant, recipe) {
      if (custom !== undefined) return custom(oracleSample(sample, recipe), isCorrect, variant);
      if (isCorrect) return sample.gold;
      const other = sample.choices?.find((choice) => choice !== sample.gold && !choice.includes(sample.gold));
      return other ?? (sample.gold.includes(NO_ANSWER) ? "-" : NO_ANSWER);
    },
  };
}

/** The oracle's wrong answer where there are no other candidates: no target is likely to be found in it. */
const NO_ANSWER = "(no answer)";
