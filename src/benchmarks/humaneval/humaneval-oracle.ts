// What the mock server answers a HumanEval prompt with: the canonical body (right) or it with its first line of
// code replaced by a `raise` (wrong). Both recipes' prompts end with the same text, so the answer is one that both
// read as intended: a body that continues the prompt, unfenced.
import type { OracleAnswer } from "../../byob/benchmark-config.js";

/** `body` with its first line of code (not blank, not a comment) replaced by a `raise` at the same indentation. */
export function breakFirstCodeLine(body: string): string {
  const lines = body.split("\n");
  const index = lines.findIndex((line) => line.trim() !== "" && !line.trim().startsWith("#"));
  if (index === -1) return `${body}\n    raise RuntimeError("broken by the oracle")`;
  const indent = /^\s*/.exec(lines[index] ?? "")?.[0] ?? "";
  lines[index] = `${indent}raise RuntimeError("broken by the oracle")`;
  return lines.join("\n");
}

export const humanevalOracle: OracleAnswer = (sample, isCorrect, variant) => {
  const body = String(sample.metadata["canonical_solution"] ?? "");
  const answer = isCorrect ? body : breakFirstCodeLine(body);
  // Half the answers end with a newline, as a model's often do.
  return variant % 2 === 0 ? answer : `${answer}\n`;
};
