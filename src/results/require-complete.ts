// `compare` and `gate` on incomplete runs: refused with the command that completes them, unless allowed.
import { ConfigError } from "../errors.js";
import type { ComparedResults } from "./read-compared-results.js";

/** A benchmark of `results` with fewer graded samples than planned (`is_complete: false` in its file). */
export function incompleteBenchmarks(results: ComparedResults): string[] {
  return results.benchmarks
    .filter((result) => result.is_complete === false)
    .map((result) => {
      const planned = typeof result["planned_samples"] === "number" ? ` of ${result["planned_samples"]}` : "";
      const errors = typeof result["num_errors"] === "number" ? `, ${result["num_errors"]} failed` : "";
      return `${result.benchmark}: ${result.num_samples}${planned} samples graded${errors}`;
    });
}

/**
 * Throws a ConfigError naming each incomplete input and how to complete it; with `allowIncomplete`, warns instead
 * (the figures are then over the graded samples).
 */
export function requireComplete(
  inputs: readonly ComparedResults[],
  options: { allowIncomplete: boolean; command: string; onWarning: (message: string) => void },
): void {
  const problems = inputs.flatMap((input) => {
    const benchmarks = incompleteBenchmarks(input);
    if (benchmarks.length === 0) return [];
    const resume = input.resumeCommand === undefined ? "" : `; complete it with \`${input.resumeCommand}\``;
    return [`${input.path} is incomplete (${benchmarks.join("; ")})${resume}`];
  });
  if (problems.length === 0) return;
  if (options.allowIncomplete) {
    for (const input of inputs) {
      for (const result of input.benchmarks.filter((entry) => entry.is_complete === false)) {
        options.onWarning(
          `${result.benchmark} is incomplete; ${options.command} uses its ${result.num_samples} graded samples.`,
        );
      }
    }
    return;
  }
  throw new ConfigError(
    `${problems.join(". ")}. Or pass --allow-incomplete to ${options.command} the graded samples only.`,
  );
}
