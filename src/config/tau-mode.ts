// `--tau-mode real|simulated` names tau_bench's recipe (tau-bench's own run, or the llm-benchmarker spec's simulated
// tools): the same choice as `--recipe tau_bench=tau-bench|spec`, so the two cannot both be given for it.
import { ConfigError } from "../errors.js";

/** The tau_bench recipe of each mode. */
export const TAU_MODE_RECIPES = { real: "tau-bench", simulated: "spec" } as const;

/** `--recipe` with `--tau-mode`'s choice added as a `tau_bench=<recipe>` pair. */
export function recipeWithTauMode(
  recipe: readonly string[] | undefined,
  tauMode: keyof typeof TAU_MODE_RECIPES | undefined,
): string[] | undefined {
  if (tauMode === undefined) return recipe === undefined ? undefined : [...recipe];
  const given = recipe ?? [];
  const pair = `tau_bench=${TAU_MODE_RECIPES[tauMode]}`;
  const plain = given.filter((entry) => !entry.includes("="));
  if (plain.length > 0) {
    throw new ConfigError(
      `--tau-mode ${tauMode} picks tau_bench's recipe, and --recipe ${plain.join(",")} names one for every benchmark; ` +
        `give benchmark=name pairs instead (--recipe mmlu=${plain[0]}) or drop --tau-mode (--recipe ${pair}).`,
    );
  }
  if (given.some((entry) => entry.startsWith("tau_bench="))) {
    throw new ConfigError(
      `--tau-mode ${tauMode} and --recipe ${given.find((entry) => entry.startsWith("tau_bench="))} both pick tau_bench's recipe; give one (--tau-mode ${tauMode} is --recipe ${pair}).`,
    );
  }
  return [...given, pair];
}
