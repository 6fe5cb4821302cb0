// The name a recipe's grader is shown and recorded by: a registered grader's name, or its scorer's.
import type { Recipe } from "./types.js";

export function recipeGraderName(grader: Recipe["grader"] | string): string {
  return typeof grader === "string" ? grader : grader.name;
}
