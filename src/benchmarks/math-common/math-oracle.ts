// The oracle of the math benchmarks: answers in the phrasings reasoning models use, a changed value when wrong.
import type { BenchmarkOracle } from "../types.js";
import type { MathProblemSample } from "./math-problem-sample.js";
import { findMathFormat, type MathRecipe } from "./math-recipe.js";

const PHRASINGS: readonly ((answer: string) => string)[] = [
  (answer) => `Let me work through it step by step.\n\nTherefore, the final answer is $\\boxed{${answer}}$.`,
  (answer) => `We find the value directly, so the answer is \\(\\boxed{${answer}}\\).`,
  (answer) => `After simplifying:\n\n$$\\boxed{${answer}}$$`,
  (answer) => `Final Answer: The final answer is $${answer}$. I hope it is correct.`,
];

/** A wrong answer: the integer plus one, or the expression plus one (never equal for a finite answer). */
function wrongAnswer(answer: string, variant: number): string {
  const shift = 1 + (Math.floor(variant / PHRASINGS.length) % 7);
  return /^-?\d+$/.test(answer) ? String(Number(answer) + shift) : `${answer}+${shift}`;
}

/** An oracle for samples whose prompts end as each recipe's format says (CoT off first, then CoT on). */
export function createMathOracle(
  recipes: readonly [MathRecipe, ...MathRecipe[]],
): BenchmarkOracle<MathProblemSample> {
  return {
    promptSuffix: (sample, recipe) => findMathFormat(recipes, recipe).endings(sample)[0],
    otherPromptSuffixes: (sample, recipe) => findMathFormat(recipes, recipe).endings(sample).slice(1),
    answer(sample, isCorrect, variant) {
      const phrase = PHRASINGS[variant % PHRASINGS.length] ?? PHRASINGS[0];
      const value = isCorrect ? sample.answer : wrongAnswer(sample.answer, variant);
      return phrase ? phrase(value) : value;
    },
  };
}
