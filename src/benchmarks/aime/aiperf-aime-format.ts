// aiperf's trt-llm-recipe-aligned AIME prompt (DeepEval's AIMETemplate): header, **Problem** blocks, CoT trigger.
import type { MathProblemSample } from "../math-common/math-problem-sample.js";
import type { MathPromptFormat } from "../math-common/math-recipe.js";

/** aiperf's `default_system_prompt` for aime (plugins.yaml), sent when `--system-prompt` is absent. */
export const AIME_SYSTEM_PROMPT = "Please reason step by step, and put your final answer within \\boxed{}.";

/** Opens the prompt only when there is at least one shot. */
export const AIME_FEW_SHOT_HEADER =
  "The following are problems from the American Invitational Mathematics Examination (AIME) 2024. AIME is a " +
  "prestigious high school mathematics competition known for its challenging mathematical problems.\n\n";

/** The last line with chain of thought on … */
export const AIME_COT_TRIGGER = "Let's think step-by-step.";
/** … and off. */
export const AIME_NO_COT_TRIGGER = "No explanation needed. Just return a number.";

/** One shot: `**Problem**: …`, the `**Solution**: …` line only with CoT, `**Answer**: …`. */
function shotBlock(shot: MathProblemSample, isCot: boolean): string {
  const solution = isCot ? `**Solution**: ${shot.solution ?? ""}\n` : "";
  return `**Problem**: ${shot.problem}\n${solution}**Answer**: ${shot.answer}`;
}

/** The query after the shots: the problem, an empty `**Answer**: ` line, a blank line, the trigger. */
function query(sample: MathProblemSample, trigger: string): string {
  return `**Problem**: ${sample.problem}\n**Answer**: \n\n${trigger}`;
}

/**
 * ai-dynamo/aiperf `aime.py` at the pinned commit: `[header + (block + "\n\n") per shot] + query`; chat sends the same
 * text as one user message; a system prompt goes first (its own message, or `system + "\n\n"` in a flat prompt).
 */
export const AIPERF_AIME_FORMAT: MathPromptFormat = {
  body(sample, shots, isCot) {
    const examples = shots.map((shot) => `${shotBlock(shot, isCot)}\n\n`).join("");
    const header = shots.length > 0 ? AIME_FEW_SHOT_HEADER : "";
    return `${header}${examples}${query(sample, isCot ? AIME_COT_TRIGGER : AIME_NO_COT_TRIGGER)}`;
  },
  endings: (sample) => [query(sample, AIME_NO_COT_TRIGGER), query(sample, AIME_COT_TRIGGER)],
  completionSystemSeparator: "\n\n",
  defaultSystemPrompt: AIME_SYSTEM_PROMPT,
};
