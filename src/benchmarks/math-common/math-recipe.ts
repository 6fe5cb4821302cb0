// One recipe of a competition-math benchmark: the Recipe the runner sees and how its prompts are written.
import { ConfigError } from "../../errors.js";
import type { Recipe } from "../types.js";
import type { MathProblemSample } from "./math-problem-sample.js";

/** How a recipe writes the prompt of a math problem (every math recipe sends its few-shot examples inline). */
export interface MathPromptFormat {
  /** The prompt text without any system prompt: the few-shot examples (if any), then the query. */
  body(sample: MathProblemSample, shots: readonly MathProblemSample[], isCot: boolean): string;
  /** What the body ends with whatever the shots: first with CoT off, then (when it differs) with CoT on. */
  endings(sample: MathProblemSample): readonly [string, ...string[]];
  /**
   * What goes between a system prompt and the body of a completion prompt: `"\n\n"` (aiperf, lighteval ≥ 0.11) or
   * nothing (lighteval ≤ 0.10 concatenates them).
   */
  completionSystemSeparator: string;
  /** The system prompt sent when `--system-prompt` is absent. */
  defaultSystemPrompt?: string;
}

export interface MathRecipe {
  recipe: Recipe;
  format: MathPromptFormat;
}

/** The format of `recipe` (by name) among `recipes`; the first when `recipe` is undefined. */
export function findMathFormat(
  recipes: readonly [MathRecipe, ...MathRecipe[]],
  recipe: Recipe | undefined,
): MathPromptFormat {
  if (recipe === undefined) return recipes[0].format;
  const found = recipes.find((candidate) => candidate.recipe.name === recipe.name);
  if (found === undefined) {
    throw new ConfigError(
      `recipe "${recipe.name}" is not one of this benchmark's: ${recipes.map((each) => each.recipe.name).join(", ")}.`,
    );
  }
  return found.format;
}
