// What a run's recipes need beside a server, opened (and checked) before any data is read or request sent, so a
// missing bubblewrap or an unreachable container engine is a clear error up front: the code sandbox for recipes
// that execute model-written code, the container engine for recipes whose samples work in containers.
import type { Recipe } from "../benchmarks/types.js";
import { openContainerEngine } from "../containers/open-container-engine.js";
import type { ContainerEngine } from "../containers/types.js";
import type { ImageProgress } from "../core/image-progress.js";
import { createSandbox } from "../sandbox/create-sandbox.js";
import type { CodeSandbox } from "../sandbox/types.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";

export interface RunToolOptions {
  sandboxWorkers?: number | undefined;
  allowUnsafeCode: boolean;
  /** `--grader`: a recipe's named scorer (HumanEval's `rouge`) executes nothing. */
  grader?: string | undefined;
  dockerHost?: string | undefined;
  containerMemory?: number | undefined;
  containerCpus?: number | undefined;
  containerWorkers?: number | undefined;
  imageMap?: readonly string[] | undefined;
  buildNetwork?: string | undefined;
}

export interface RunTools {
  readonly sandbox: CodeSandbox | undefined;
  readonly containers: ContainerEngine | undefined;
  /** Ends what runs in the sandbox and removes the run's containers. */
  close(): Promise<void>;
}

export interface RunToolContext {
  env: NodeJS.ProcessEnv;
  onWarning?: ((message: string) => void) | undefined;
  onImageProgress?: ((progress: ImageProgress) => void) | undefined;
}

/** True when the recipe, graded as `--grader` says, executes model-written code. */
function executesCode(recipe: Recipe, grader: string | undefined): boolean {
  return (
    recipe.executesCode === true && (grader === undefined || recipe.namedScorers?.[grader] === undefined)
  );
}

export async function openRunTools(
  recipes: readonly Recipe[],
  options: RunToolOptions,
  context: RunToolContext,
): Promise<RunTools> {
  const sandbox = recipes.some((recipe) => executesCode(recipe, options.grader))
    ? await createSandbox({
        ...(options.sandboxWorkers === undefined ? {} : { workers: options.sandboxWorkers }),
        allowUnsafe: options.allowUnsafeCode,
        env: context.env,
        ...(context.onWarning === undefined ? {} : { warn: context.onWarning }),
      })
    : undefined;
  let containers: ContainerEngine | undefined;
  try {
    containers = recipes.some((recipe) => recipe.usesContainers === true)
      ? await openContainerEngine({
          dockerHost: options.dockerHost,
          env: context.env,
          memoryBytes: options.containerMemory,
          cpus: options.containerCpus,
          workers: options.containerWorkers,
          imageMap: options.imageMap,
          buildNetwork: options.buildNetwork,
          onWarning: context.onWarning,
          onProgress: context.onImageProgress,
        })
      : undefined;
  } catch (error) {
    await sandbox?.close();
    throw error;
  }
  return {
    sandbox,
    containers,
    async close() {
      await Promise.all([sandbox?.close(), containers?.close()]);
    },
  };
}

/** The plan with the tools its recipe uses: the sandbox if it executes code, the engine if it uses containers. */
export function withRunTools(
  plan: PlannedBenchmark,
  tools: Pick<RunTools, "sandbox" | "containers">,
  grader?: string | undefined,
): PlannedBenchmark {
  const { sandbox, containers } = tools;
  return {
    ...plan,
    ...(sandbox !== undefined && executesCode(plan.recipe, grader) ? { sandbox } : {}),
    ...(containers !== undefined && plan.recipe.usesContainers === true ? { containers } : {}),
  };
}
