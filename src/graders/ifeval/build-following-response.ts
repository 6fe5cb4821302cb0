// Builds IFEval responses for a mock model: one that follows every instruction, or one that breaks the set.
import { evaluateIfevalInstructions } from "./evaluate-ifeval.js";
import type { IfevalInstruction } from "./parse-ifeval-instructions.js";
import { fitResponse } from "./response-builder/fit-response.js";
import type { Layout } from "./response-builder/render-response.js";
import { planResponse } from "./response-builder/response-plan.js";

export { buildViolatingResponse } from "./response-builder/build-violating-response.js";

export interface BuildResponseOptions {
  /** The sample's prompt (no check reads it; `repeat_prompt` repeats its own kwarg). */
  prompt: string;
  /** Picks the filler text, so the same sample can be answered in different words; every variant satisfies. */
  variant: number;
}

/** Per retry, the filler sentences per paragraph: more text outweighs English pieces in another language. */
const SENTENCES_PER_PARAGRAPH = [2, 5, 10] as const;

/** Strict and loose verdicts both follow every instruction. */
export function isFollowingResponse(response: string, instructions: readonly IfevalInstruction[]): boolean {
  const result = evaluateIfevalInstructions(response, instructions);
  return result.strict.isFollowed && result.loose.isFollowed;
}

/**
 * The layouts to try, in order: pieces first in their paragraph, then after its first sentence; each with more
 * filler (from another point of the passage) than the last; all again with bare postscript markers.
 */
function layouts(variant: number): Layout[] {
  return [false, true].flatMap((isCompact) =>
    SENTENCES_PER_PARAGRAPH.flatMap((sentencesPerParagraph, retry) =>
      [true, false].map((isLeadFirst) => ({
        isLeadFirst,
        sentencesPerParagraph,
        isCompact,
        fillerOffset: variant + retry * 5,
      })),
    ),
  );
}

/** A response that follows every instruction (strict), or undefined when the builder cannot satisfy the set. */
export function buildFollowingResponse(
  instructions: readonly IfevalInstruction[],
  options: BuildResponseOptions,
): string | undefined {
  const plan = planResponse(instructions);
  for (const layout of layouts(Math.max(0, Math.trunc(options.variant)))) {
    const response = fitResponse(plan, layout);
    if (isFollowingResponse(response, instructions)) return response;
  }
  return undefined;
}
