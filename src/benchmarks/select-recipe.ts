// Picks a benchmark's recipe by name (`--recipe`): the default (first) when none is asked.
import type { EndpointType } from "../core/prompt.js";
import { ConfigError } from "../errors.js";
import type { Benchmark, Recipe, RecipeSource } from "./types.js";

/**
 * The recipe `requested` names for this benchmark; when it names none, the first recipe whose reference scores by
 * log-likelihood for `--scoring loglikelihood`, else the first recipe made for `endpointType` (`--endpoint-type`:
 * HumanEval's human-eval recipe for completions), else the default (first). `requested` is one name for every benchmark of the run
 * (`lm-eval`), or `benchmark=name` pairs (`mmlu=lm-eval,gsm8k=sglang`) that leave the other benchmarks at their
 * default. An unknown name is a ConfigError listing the benchmark's recipes.
 */
export function selectRecipe(
  benchmark: Benchmark,
  requested: readonly string[] | undefined,
  scoring: "generate" | "loglikelihood" = "generate",
  endpointType?: EndpointType,
): Recipe {
  const name = requestedName(benchmark, requested);
  if (name === undefined) {
    const scored =
      scoring === "loglikelihood"
        ? benchmark.recipes.find((recipe) => recipe.scoring === scoring)
        : endpointType === undefined
          ? undefined
          : benchmark.recipes.find((recipe) => recipe.defaultEndpointType === endpointType);
    return scored ?? benchmark.recipes[0];
  }
  const recipe = benchmark.recipes.find((candidate) => candidate.name === name);
  if (recipe !== undefined) return recipe;
  throw new ConfigError(
    `${benchmark.name} has no recipe "${name}". Its recipes: ${benchmark.recipes.map((each) => each.name).join(", ")} ` +
      `(the first is the default; \`llm-bench list\` shows each one's reference).`,
  );
}

function requestedName(benchmark: Benchmark, requested: readonly string[] | undefined): string | undefined {
  if (requested === undefined || requested.length === 0) return undefined;
  const names = [benchmark.name, ...(benchmark.aliases ?? [])];
  const pairs = requested.filter((entry) => entry.includes("="));
  const plain = requested.filter((entry) => !entry.includes("="));
  if (pairs.length > 0 && plain.length > 0) {
    throw new ConfigError(
      `--recipe takes one name for every benchmark (--recipe lm-eval) or benchmark=name pairs ` +
        `(--recipe mmlu=lm-eval,gsm8k=sglang), not both: got "${requested.join(",")}".`,
    );
  }
  if (plain.length > 1) {
    throw new ConfigError(
      `--recipe got several names (${plain.join(", ")}); give one, or benchmark=name pairs (mmlu=lm-eval,gsm8k=sglang).`,
    );
  }
  if (plain.length === 1) return plain[0];
  for (const pair of pairs) {
    const [benchmarkName = "", recipeName = ""] = pair.split("=", 2);
    if (names.includes(benchmarkName)) return recipeName;
  }
  return undefined;
}

/** `huggingface/lighteval src/lighteval/tasks/default_prompts.py@0a1b2c3…` — a source as `list` and READMEs show it. */
export function formatRecipeSource(source: RecipeSource): string {
  return `${source.repository}${source.path === undefined ? "" : ` ${source.path}`}@${source.pin}`;
}
