// The GSM8K benchmark: 1,319 grade-school math problems, graded on the final number, in five reference recipes.
import { ConfigError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe } from "../types.js";
import { gsm8kOracle } from "./gsm8k-oracle.js";
import { buildGsm8kPrompt, type Gsm8kShot, gsm8kCotQuery, gsm8kQuery } from "./gsm8k-prompt.js";
import { GSM8K_RECIPES, type Gsm8kForm, gsm8kForm } from "./gsm8k-recipes.js";
import type { Gsm8kSample } from "./gsm8k-sample.js";
import { LM_EVAL_COT_EXEMPLARS } from "./lm-eval-cot-exemplars.js";
import { lmEvalFewshotIndices } from "./lm-eval-fewshot-indices.js";
import { type Gsm8kRow, readGsm8kSplit } from "./read-gsm8k-rows.js";

const MAX_N_SHOTS = 8;

/** A solved example before it is laid out: the question and the answer text that follows the query. */
interface ShotSource {
  question: string;
  answer: string;
}

function toShot(form: Gsm8kForm, source: ShotSource): Gsm8kShot {
  return {
    query: form.query === "q" ? gsm8kCotQuery(source.question) : gsm8kQuery(source.question),
    chatTarget: form.chatTargetLeadingSpace ? ` ${source.answer}` : source.answer,
    flatTarget: source.answer,
  };
}

/** Each test row's shots for `nShots`, by test index; lm-eval's seeded draws are made once per shot count. */
function createShotPicker(
  form: Gsm8kForm,
  test: readonly Gsm8kRow[],
  train: readonly Gsm8kRow[],
): (testIndex: number, nShots: number) => ShotSource[] {
  const lmEvalDraws = new Map<number, number[][]>();
  return (testIndex, nShots) => {
    if (nShots === 0) return [];
    switch (form.pool) {
      case "train-first":
        return train.slice(0, nShots);
      case "test-first":
        return test.slice(0, nShots);
      case "cot-exemplars":
        return LM_EVAL_COT_EXEMPLARS.slice(0, nShots).map(({ question, target }) => ({
          question,
          answer: target,
        }));
      case "lm-eval-sample": {
        let draws = lmEvalDraws.get(nShots);
        if (draws === undefined) {
          draws = lmEvalFewshotIndices(test.length, train.length, nShots);
          lmEvalDraws.set(nShots, draws);
        }
        return (draws[testIndex] ?? []).map((index) => {
          const row = train[index];
          if (row === undefined) throw new Error(`gsm8k lm-eval shot ${index} is outside the train split`);
          return row;
        });
      }
    }
  };
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<Gsm8kSample>> {
  checkNShots("gsm8k", options.nShots, MAX_N_SHOTS);
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(`gsm8k has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`);
  }
  const recipe: Recipe = options.recipe ?? GSM8K_RECIPES[0].recipe;
  const form = gsm8kForm(recipe);
  const test = await readGsm8kSplit(options.context, "test");
  const needsTrain = options.nShots > 0 && (form.pool === "train-first" || form.pool === "lm-eval-sample");
  const train = needsTrain ? await readGsm8kSplit(options.context, "train") : [];
  const poolSize = form.pool === "test-first" ? test.length : needsTrain ? train.length : MAX_N_SHOTS;
  if (options.nShots > poolSize) {
    throw new ConfigError(
      `gsm8k recipe ${recipe.name}: --n-shots ${options.nShots} needs ${options.nShots} shot rows, the data has ${poolSize}.`,
    );
  }
  const firstQuestion = form.excludeShotsFromQuestions ? options.nShots : 0;
  const samples = test.flatMap((row, index) =>
    index < firstQuestion
      ? []
      : [{ id: `test/${index}`, task: "gsm8k", gold: row.gold, question: row.question, answer: row.answer }],
  );
  const pickShots = createShotPicker(form, test, train);
  const loadedNShots = options.nShots;
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      checkNShots("gsm8k", promptOptions.nShots, loadedNShots, "the n-shots it was loaded with");
      const testIndex = Number(sample.id.slice("test/".length));
      return buildGsm8kPrompt({
        layout: form.layout,
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt, form.defaultSystemPrompt),
        shots: pickShots(testIndex, promptOptions.nShots).map((source) => toShot(form, source)),
        query: form.query === "q" ? gsm8kCotQuery(sample.question) : gsm8kQuery(sample.question),
      });
    },
  };
}

export const gsm8k: Benchmark<Gsm8kSample> = {
  name: "gsm8k",
  description: "GSM8K: 1,319 grade-school math word problems; the final number is graded.",
  dataset: "openai/gsm8k (main, test; train or test rows for few-shot, by recipe)",
  recipes: [GSM8K_RECIPES[0].recipe, ...GSM8K_RECIPES.slice(1).map((entry) => entry.recipe)],
  maxNShots: MAX_N_SHOTS,
  tasks: [],
  load,
  oracle: gsm8kOracle,
};

export type { Gsm8kSample } from "./gsm8k-sample.js";
