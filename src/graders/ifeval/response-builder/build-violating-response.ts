// Placeholder until the violating builder lands.
import type { IfevalInstruction } from "../parse-ifeval-instructions.js";

export function buildViolatingResponse(
  _instructions: readonly IfevalInstruction[],
  _options: { prompt: string; variant: number },
): string {
  return "";
}
