// How the mock server's oracle recognises an MMLU prompt of each recipe and answers it in a form its grader reads.
import { createLetterOracle } from "../letter-oracle.js";
import type { BenchmarkOracle, Recipe } from "../types.js";
import type { MmluFormat } from "./mmlu-format.js";
import { MMLU_RECIPES, mmluFormatOf } from "./mmlu-recipes.js";
import type { MmluSample } from "./mmlu-sample.js";

function letterOracleOf(format: MmluFormat): BenchmarkOracle<MmluSample> {
  return createLetterOracle<MmluSample>({
    promptSuffix: (sample) => format.promptSuffix(sample),
    answerIndex: (sample) => sample.answerIndex,
    options: (sample) => sample.choices,
    phrasings: format.phrasings,
  });
}

const ORACLES = new Map(MMLU_RECIPES.map((recipe) => [recipe.name, letterOracleOf(mmluFormatOf(recipe))]));

/** The recipe's oracle; a recipe MMLU does not have is a ConfigError naming its recipes. */
function oracleOf(recipe: Recipe): BenchmarkOracle<MmluSample> {
  return ORACLES.get(recipe.name) ?? letterOracleOf(mmluFormatOf(recipe));
}

export const mmluOracle: BenchmarkOracle<MmluSample> = {
  promptSuffix: (sample, recipe) => oracleOf(recipe).promptSuffix(sample, recipe),
  answer: (sample, isCorrect, variant, recipe) => oracleOf(recipe).answer(sample, isCorrect, variant, recipe),
};

/** How many distinct phrasings the oracle cycles through for `recipe`. */
export function mmluOraclePhrasingCount(recipe: Recipe): number {
  return mmluFormatOf(recipe).phrasings.length;
}
