// The `combination:` instructions: two different responses split by `******`, and the prompt repeated first.

import { pythonStrip } from "../python-whitespace.js";
import type { InstructionKwargs } from "./instruction-kwargs.js";

/** Exactly two non-blank pieces around `******` (blank pieces only at the ends), different once stripped. */
export function checkTwoResponses(response: string): boolean {
  const pieces = response.split("******");
  const answers: string[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (pythonStrip(piece) !== "") answers.push(piece);
    else if (index !== 0 && index !== pieces.length - 1) return false;
  }
  return answers.length === 2 && pythonStrip(answers[0] ?? "") !== pythonStrip(answers[1] ?? "");
}

/** The stripped, lower-cased response starts with the stripped, lower-cased `prompt_to_repeat`. */
export function checkRepeatPrompt(
  response: string,
  kwargs: InstructionKwargs["combination:repeat_prompt"],
): boolean {
  return pythonStrip(response).toLowerCase().startsWith(pythonStrip(kwargs.prompt_to_repeat).toLowerCase());
}
