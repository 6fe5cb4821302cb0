// The code sandbox of a run whose recipes execute model-written code: opened (and checked) before any data is read
// or request sent, so a missing bubblewrap is a clear error up front; undefined when no recipe needs it.
import type { Recipe } from "../benchmarks/types.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CodeSandbox } from "../sandbox/types.js";

export interface RunSandboxOptions {
  sandboxWorkers?: number | undefined;
  allowUnsafeCode: boolean;
  /** `--grader`: a recipe's named scorer (HumanEval's `rouge`) executes nothing. */
  grader?: string | undefined;
}

export async function openRunSandbox(
  recipes: readonly Recipe[],
  options: RunSandboxOptions,
  context: { env: NodeJS.ProcessEnv; onWarning?: ((message: string) => void) | undefined },
): Promise<CodeSandbox | undefined> {
  const executes = (recipe: Recipe) =>
    recipe.executesCode === true &&
    (options.grader === undefined || recipe.namedScorers?.[options.grader] === undefined);
  if (!recipes.some(executes)) return undefined;
  return createSandbox({
    ...(options.sandboxWorkers === undefined ? {} : { workers: options.sandboxWorkers }),
    allowUnsafe: options.allowUnsafeCode,
    env: context.env,
    ...(context.onWarning === undefined ? {} : { warn: context.onWarning }),
  });
}
