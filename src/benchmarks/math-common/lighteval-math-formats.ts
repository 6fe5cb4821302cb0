// The prompt formats of the math tasks of TensorRT-LLM's lighteval recipe and of lighteval 0.10 and ≥ 0.13.
import type { MathPromptFormat } from "./math-recipe.js";

/**
 * The instruction of lighteval's `aime_prompt_fn` / `math_500` (0.10) and of `aime.py` (≥ 0.13), after Python's
 * `str.format` turned `{{ANSWER}}` into `{ANSWER}`. Note the two spaces after "clearly.".
 */
export const LIGHTEVAL_MATH_INSTRUCTION =
  "Solve the following math problem efficiently and clearly.  The last line of your response should be of the " +
  "following format: 'Therefore, the final answer is: $\\boxed{ANSWER}$. I hope it is correct' (without quotes) " +
  "where ANSWER is just the final number or expression that solves the problem. Think step by step before answering.";

/** The instruction of lighteval ≥ 0.13's `math_500.py` (its own line break before `"ANSWER: …`). */
export const LIGHTEVAL_MATH_500_INSTRUCTION =
  "Solve the following problem. The final line of your response MUST be of the following format:\n" +
  '"ANSWER: $ANSWER" (without quotes) where $ANSWER is the final answer. Think step by step before answering.';

/**
 * TensorRT-LLM's recipe (as aiperf mirrors it): the problem text as it is, no instruction; a system prompt is a
 * separate chat message, or goes before the text with a blank line in a completion prompt.
 */
export const BARE_PROBLEM_FORMAT: MathPromptFormat = {
  body: (sample) => sample.problem,
  endings: (sample) => [sample.problem],
  completionSystemSeparator: "\n\n",
};

/**
 * lighteval 0.10 (`aime_prompt_fn`, `math_500`): the template is stripped before the problem is filled in, so the
 * query is the instruction, a blank line and the problem as it is. Its PromptManager puts a system prompt straight
 * before the query in a flat prompt (`system_prompt + instruction + …`, the instruction being empty here).
 */
export const LIGHTEVAL_010_FORMAT: MathPromptFormat = {
  body: (sample) => `${LIGHTEVAL_MATH_INSTRUCTION}\n\n${sample.problem}`,
  endings: (sample) => [`${LIGHTEVAL_MATH_INSTRUCTION}\n\n${sample.problem}`],
  completionSystemSeparator: "",
};

/**
 * lighteval ≥ 0.13 `aime.py`: `dedent("""\n…\n\n{prompt}\n""")` is never stripped, so the query starts and ends
 * with a newline. Its PromptManager joins a system prompt and the query with a blank line in a flat prompt.
 */
export const LIGHTEVAL_AIME_FORMAT: MathPromptFormat = {
  body: (sample) => `\n${LIGHTEVAL_MATH_INSTRUCTION}\n\n${sample.problem}\n`,
  endings: (sample) => [`\n${LIGHTEVAL_MATH_INSTRUCTION}\n\n${sample.problem}\n`],
  completionSystemSeparator: "\n\n",
};

/** lighteval ≥ 0.13 `math_500.py`: its own stripped template, then the problem. */
export const LIGHTEVAL_MATH_500_FORMAT: MathPromptFormat = {
  body: (sample) => `${LIGHTEVAL_MATH_500_INSTRUCTION}\n\n${sample.problem}`,
  endings: (sample) => [`${LIGHTEVAL_MATH_500_INSTRUCTION}\n\n${sample.problem}`],
  completionSystemSeparator: "\n\n",
};
