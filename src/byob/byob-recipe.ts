// The recipe and oracle of a BYOB benchmark: its one recipe (pinned to the definition file's content digest), its
// scorer as the recipe's grader, and what the mock server answers its samples with.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { BenchmarkOracle, Recipe, RecipeScorer } from "../benchmarks/types.js";
import type { ByobSample } from "./byob-sample.js";
import type { BenchmarkDefinition } from "./define-benchmark.js";
import { type ScorerConfig, type ScorerInput, scorerLabel } from "./scorer.js";

/** A definition file's content digest (40 hex, the recipe's pin), or the config's when defined in code. */
function definitionDigest(definition: BenchmarkDefinition): string {
  const content =
    definition.definitionFile === undefined
      ? JSON.stringify(definition.config)
      : readFileSync(definition.definitionFile);
  return createHash("sha1").update(content).digest("hex");
}

/** The scorer as the recipe's grader: ScorerInput from the answer and the sample's row. */
function recipeScorer(definition: BenchmarkDefinition): RecipeScorer {
  const { scorer: fn, config } = definition;
  const scorerConfig: ScorerConfig = { extra: config.extra, benchmark: definition.normalizedName };
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
        ? fn(input, scorerConfig)
        : (fn as (sample: ScorerInput) => ReturnType<typeof fn>)(input);
    },
  };
}

/** The one recipe of a user benchmark: its definition file (pinned by content digest) and its parameters. */
export function byobRecipe(definition: BenchmarkDefinition): Recipe {
  const { config } = definition;
  return {
    name: "byob",
    description: `defined in ${definition.definitionFile ?? "code"} with benchmark() + scorer()`,
    sources: [
      {
        repository: "byob",
        path: definition.definitionFile ?? definition.normalizedName,
        pin: definitionDigest(definition),
      },
    ],
    grader: recipeScorer(definition),
    defaultNShots: config.numFewshot,
    defaultParams: {},
    ...(config.endpointType === "completions_logprob"
      ? {
          isLoglikelihoodOnly: true,
          scoring: "loglikelihood" as const,
          defaultEndpointType: "completions" as const,
        }
      : { defaultEndpointType: config.endpointType }),
  };
}

/** What the mock server answers a user benchmark with: the target, or for a wrong answer another candidate. */
export function byobOracle(): BenchmarkOracle<ByobSample> {
  return {
    promptSuffix: (sample) => sample.query,
    answer(sample, isCorrect) {
      if (isCorrect) return sample.gold;
      const other = sample.choices?.find((choice) => choice !== sample.gold && !choice.includes(sample.gold));
      return other ?? (sample.gold.includes(NO_ANSWER) ? "-" : NO_ANSWER);
    },
  };
}

/** The oracle's wrong answer where there are no other candidates: no target is likely to be found in it. */
const NO_ANSWER = "(no answer)";
