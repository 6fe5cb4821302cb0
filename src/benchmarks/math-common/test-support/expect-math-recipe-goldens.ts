// Golden prompt bytes and request parameters of the trtllm, lighteval-0.10 and lighteval recipes of a math task.
import { expect } from "vitest";
import type { GenerationParams } from "../../../core/generation.js";
import { resolveDefaultParams } from "../../resolve-default-params.js";
import { createLocalDatasetContext } from "../../test-support/local-dataset-context.js";
import type { Benchmark } from "../../types.js";
import type { MathProblemSample } from "../math-problem-sample.js";

/**
 * lighteval's instruction as its prompt functions produce it (v0.10.0 default_prompts.py `aime_prompt_fn` /
 * `math_500`, v0.13.0 tasks/aime.py), typed out from those files: two spaces after "clearly.", `{ANSWER}` once
 * Python's `str.format` has read the doubled braces.
 */
export const SOLVE_EFFICIENTLY =
  "Solve the following math problem efficiently and clearly.  The last line of your response should be of the " +
  "following format: 'Therefore, the final answer is: $\\boxed{ANSWER}$. I hope it is correct' (without quotes) " +
  "where ANSWER is just the final number or expression that solves the problem. Think step by step before answering.";

/** lighteval v0.13.0 tasks/math_500.py `MATH_QUERY_TEMPLATE` before the problem, typed out from that file. */
export const FINAL_LINE_MUST_BE =
  "Solve the following problem. The final line of your response MUST be of the following format:\n" +
  '"ANSWER: $ANSWER" (without quotes) where $ANSWER is the final answer. Think step by step before answering.';

export interface RecipeGolden {
  recipe: "trtllm" | "lighteval-0.10" | "lighteval";
  /** The prompt text without a system prompt (the chat user message, and the flat text). */
  body: string;
  /** The flat text with system prompt `system`. */
  flatWithSystem(system: string): string;
  params: GenerationParams;
}

const SYSTEM = "You are a careful expert.";

/** Every golden of `sample` (index `index` of the loaded data): chat and completions, with and without `SYSTEM`. */
export async function expectMathRecipeGoldens(
  benchmark: Benchmark<MathProblemSample>,
  /** The `--data-dir` the rows are read from. */
  dataDir: string | undefined,
  index: number,
  goldens: readonly RecipeGolden[],
): Promise<void> {
  expect(benchmark.recipes.map((recipe) => recipe.name)).toEqual(goldens.map((golden) => golden.recipe));
  for (const golden of goldens) {
    const recipe = benchmark.recipes.find((candidate) => candidate.name === golden.recipe);
    if (recipe === undefined) throw new Error(`no recipe ${golden.recipe}`);
    const { samples, buildPrompt } = await benchmark.load({
      context: createLocalDatasetContext(dataDir),
      recipe,
      nShots: 0,
    });
    const sample = samples[index];
    if (sample === undefined) throw new Error(`no sample ${index}`);
    for (const cot of [false, true]) {
      const none = { nShots: 0, systemPrompt: undefined, cot } as const;
      const withSystem = { nShots: 0, systemPrompt: SYSTEM, cot } as const;
      expect({
        recipe: golden.recipe,
        prompt: buildPrompt(sample, { endpointType: "chat", ...none }),
      }).toEqual({
        recipe: golden.recipe,
        prompt: { type: "chat", messages: [{ role: "user", content: golden.body }] },
      });
      expect(buildPrompt(sample, { endpointType: "chat", ...withSystem })).toEqual({
        type: "chat",
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: golden.body },
        ],
      });
      expect(buildPrompt(sample, { endpointType: "completions", ...none })).toEqual({
        type: "completion",
        text: golden.body,
      });
      expect(buildPrompt(sample, { endpointType: "completions", ...withSystem })).toEqual({
        type: "completion",
        text: golden.flatWithSystem(SYSTEM),
      });
    }
    for (const endpointType of ["chat", "completions"] as const) {
      expect({ recipe: golden.recipe, params: resolveDefaultParams(recipe, endpointType) }).toEqual({
        recipe: golden.recipe,
        params: golden.params,
      });
    }
    expect(recipe.isMaxTokensOmitted === true).toBe(golden.params.maxTokens === undefined);
  }
}
