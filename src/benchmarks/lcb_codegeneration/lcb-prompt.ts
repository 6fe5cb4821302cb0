// LiveCodeBench's generic code-generation prompt for chat models: the system message and the question template
// (LiveCodeBench/LiveCodeBench lcb_runner/prompts/code_generation.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24:
// `PromptConstants.SYSTEM_MESSAGE_GENERIC`, `get_generic_question_template_answer`, and `format_prompt_generation`
// for `LMStyle.OpenAIChat`, which sends them as a system and a user message).
import type { Prompt } from "../../core/prompt.js";
import type { LcbProblem } from "./lcb-rows.js";

/** `PromptConstants.SYSTEM_MESSAGE_GENERIC`. */
export const LCB_SYSTEM_MESSAGE =
  "You are an expert Python programmer. You will be given a question (problem specification) and will generate a " +
  "correct Python program that matches the specification and passes all tests.";

/** `PromptConstants.FORMATTING_MESSAGE_WITH_STARTER_CODE`. */
export const LCB_FORMAT_WITH_STARTER_CODE =
  "You will use the following starter code to write the solution to the problem and enclose your code within " +
  "delimiters.";

/** `PromptConstants.FORMATTING_WITHOUT_STARTER_CODE`. */
export const LCB_FORMAT_WITHOUT_STARTER_CODE =
  "Read the inputs from stdin solve the problem and write the answer to stdout (do not directly test on the sample " +
  "inputs). Enclose your code within delimiters as follows. Ensure that when the python program runs, it reads the " +
  "inputs, runs the algorithm and writes output to STDOUT.";

/** The last line of every prompt (what an oracle can recognise it by). */
export const LCB_ANSWER_LINE = "### Answer: (use the provided format with backticks)\n\n";

/** `get_generic_question_template_answer`: the user message. Starter code counts when non-empty (Python truth). */
export function lcbQuestionPrompt(problem: Pick<LcbProblem, "questionContent" | "starterCode">): string {
  let prompt = `### Question:\n${problem.questionContent}\n\n`;
  if (problem.starterCode !== "") {
    prompt += `### Format: ${LCB_FORMAT_WITH_STARTER_CODE}\n`;
    prompt += `\`\`\`python\n${problem.starterCode}\n\`\`\`\n\n`;
  } else {
    prompt += `### Format: ${LCB_FORMAT_WITHOUT_STARTER_CODE}\n`;
    prompt += "```python\n# YOUR CODE HERE\n```\n\n";
  }
  return prompt + LCB_ANSWER_LINE;
}

/** The chat LiveCodeBench sends a generic chat model: system message, then the question. */
export function buildLcbPrompt(problem: Pick<LcbProblem, "questionContent" | "starterCode">): Prompt {
  return {
    type: "chat",
    messages: [
      { role: "system", content: LCB_SYSTEM_MESSAGE },
      { role: "user", content: lcbQuestionPrompt(problem) },
    ],
  };
}
