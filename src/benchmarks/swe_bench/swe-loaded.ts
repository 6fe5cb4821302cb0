// What swe_bench and swe_bench_pro share once their samples are read: zero-shot prompts of one user message (the
// issue and the answer's form; `--system-prompt` first when given), and the check of `--tasks`.
import { ConfigError } from "../../errors.js";
import { zeroShotInlinePrompt } from "../inline-prompt.js";
import type { LoadedBenchmark } from "../types.js";
import type { SweBenchSample } from "./swe-instance.js";
import { swePromptText } from "./swe-prompt.js";

export function sweLoaded(benchmark: string, samples: SweBenchSample[]): LoadedBenchmark<SweBenchSample> {
  return {
    samples,
    buildPrompt: (sample, options) =>
      zeroShotInlinePrompt(benchmark, swePromptText(sample.instance), options),
  };
}

/** The tasks to read: `requested` (each one of `known`), or all when none is named. */
export function selectSweTasks<T extends string>(
  benchmark: string,
  known: readonly T[],
  requested: readonly string[] | undefined,
): readonly T[] {
  if (requested === undefined || requested.length === 0) return known;
  if (known.length === 0) {
    throw new ConfigError(
      `${benchmark} has no subtasks; --tasks ${requested.join(",")} does not apply (accuracy per repository is in its breakdowns).`,
    );
  }
  const unknown = requested.filter((task) => !(known as readonly string[]).includes(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `${benchmark} has no task ${unknown.map((task) => `"${task}"`).join(", ")}; its tasks: ${known.join(", ")}.`,
    );
  }
  return known.filter((task) => requested.includes(task));
}
