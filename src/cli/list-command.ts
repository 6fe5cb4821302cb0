// `llm-bench list`: the registered benchmarks with their defaults, and with --include those of definition files.
import { recipeGraderName } from "../benchmarks/recipe-grader-name.js";
import { BENCHMARK_NAMES, loadBenchmark } from "../benchmarks/registry.js";
import { resolveDefaultParams } from "../benchmarks/resolve-default-params.js";
import { formatRecipeSource } from "../benchmarks/select-recipe.js";
import type { Recipe } from "../benchmarks/types.js";
import { findDefinedBenchmarks } from "../byob/find-definition-files.js";
import { ConfigError } from "../errors.js";
import type { CliIo } from "./cli-io.js";
import { listSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function listCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(listSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(listSpec));
    return 0;
  }
  if (positionals.length > 0)
    throw new ConfigError(`list takes no arguments, got "${positionals.join(" ")}".`);
  const entries = [];
  const registered = await Promise.all(BENCHMARK_NAMES.map((name) => loadBenchmark(name)));
  const included = values.include === undefined ? [] : await findDefinedBenchmarks(values.include);
  for (const benchmark of [...registered, ...included]) {
    const [defaultRecipe] = benchmark.recipes;
    entries.push({
      name: benchmark.name,
      description: benchmark.description,
      default_recipe: defaultRecipe.name,
      default_n_shots: defaultRecipe.defaultNShots,
      max_n_shots: benchmark.maxNShots,
      grader: recipeGraderName(defaultRecipe.grader),
      dataset: benchmark.dataset,
      tasks: benchmark.tasks,
      aliases: benchmark.aliases ?? [],
      defined_in: benchmark.definitionFile ?? "built-in",
      recipes: benchmark.recipes.map(recipeEntry),
    });
  }
  if (values.json === true) {
    io.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  const header = ["NAME", "RECIPES", "SHOTS", "GRADER", "TASKS", "DATASET", "DESCRIPTION"];
  const rows = entries.map((entry) => [
    entry.aliases.length === 0 ? entry.name : `${entry.name} (${entry.aliases.join(", ")})`,
    entry.recipes.map((recipe) => recipe.name).join(","),
    String(entry.default_n_shots),
    entry.grader,
    String(entry.tasks.length || "-"),
    entry.dataset,
    entry.description,
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? "").length)),
  );
  const format = (row: string[]): string =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ");
  io.stdout.write(`${[header, ...rows].map(format).join("\n")}\n`);
  io.stdout.write("\nRecipes (the first of each benchmark is its default; --recipe NAME picks another):\n");
  for (const entry of entries) {
    for (const recipe of entry.recipes) {
      io.stdout.write(
        `  ${entry.name} ${recipe.name}: ${recipe.description}; ${recipe.sources.join("; ")}\n`,
      );
    }
  }
  return 0;
}

/** A recipe as `list --json` shows it: its defaults and the sources it was matched against, pinned. */
function recipeEntry(recipe: Recipe) {
  return {
    name: recipe.name,
    description: recipe.description,
    sources: recipe.sources.map(formatRecipeSource),
    grader: recipeGraderName(recipe.grader),
    extra_graders: recipe.extraGraders ?? [],
    scoring: recipe.scoring ?? "generate",
    default_n_shots: recipe.defaultNShots,
    default_cot: recipe.defaultCot ?? false,
    params: {
      chat: resolveDefaultParams(recipe, "chat", recipe.defaultCot ?? false),
      completions: resolveDefaultParams(recipe, "completions", recipe.defaultCot ?? false),
    },
  };
}
