// A registered benchmark's prompts as a workload: planned and graded exactly as `llm-bench run` plans and grades them.
import { selectRecipe } from "../benchmarks/select-recipe.js";
import type { RunOptions } from "../config/run-options.js";
import type { Prompt } from "../core/prompt.js";
import type { TextTokenizer } from "../core/tokenizer.js";
import type { DatasetContext } from "../datasets/types.js";
import { ConfigError } from "../errors.js";
import { buildWorkItem } from "../runner/build-work-item.js";
import { promptOptionsFor } from "../runner/fit-shots-to-token-budget.js";
import { openRunTools, withRunTools } from "../runner/open-run-tools.js";
import { loadRunBenchmarks, type PlannedBenchmark, planBenchmark } from "../runner/plan-benchmark.js";
import { isRecipeProgram } from "../runner/score-answer.js";
import type { Workload } from "../workloads/workload.js";

/** Loads the benchmark named in `options.benchmarks[0]` with `run`'s planning (tasks, limit, shots, grader). */
export async function planBenchmarkWorkload(
  options: RunOptions,
  context: DatasetContext,
  tokenizer?: () => Promise<TextTokenizer>,
): Promise<PlannedBenchmark> {
  const [benchmark] = await loadRunBenchmarks(options);
  if (benchmark === undefined) throw new RangeError("planBenchmarkWorkload needs one benchmark");
  const tools = await openRunTools(
    [selectRecipe(benchmark, options.recipe, options.scoring, options.endpointType)],
    options,
    { env: context.downloads?.env ?? process.env },
  );
  const plan = await planBenchmark(benchmark, options, context, tokenizer);
  if (isRecipeProgram(plan.grader)) {
    await tools.close();
    throw new ConfigError(
      `${benchmark.name}: each sample is a conversation of several requests (${plan.graderName}), and profile sends one request per workload item; measure it with \`llm-bench run ${benchmark.name}\` (every turn's TTFT, ITL and latency are journalled, the summary takes the last turn's), or profile another benchmark.`,
    );
  }
  // The sandbox and the container engine live as long as the profile process (executions end with their own
  // limits; each sample's container is removed when it is graded, leftovers of an interrupted one by the next run).
  return withRunTools(plan, tools, options.grader);
}

/** `runStartMs`: the `now()` the session started at; journal records keep send times relative to it. */
/**
 * The prompts of a benchmark whose prompts need token work (`LoadedBenchmark.preparePrompt`: LongBench v2's
 * truncation, passkey haystacks), prepared before the load so that the load's requests are ready when their time
 * comes: a profile holds every such prompt at once (give `--limit` for long contexts). Undefined for the others.
 */
export async function prepareBenchmarkPrompts(
  plan: PlannedBenchmark,
): Promise<ReadonlyMap<string, Prompt> | undefined> {
  const { preparePrompt } = plan.loaded;
  if (preparePrompt === undefined) return undefined;
  const prepared = new Map<string, Prompt>();
  for (const sample of plan.samples) {
    prepared.set(sample.id, await preparePrompt.call(plan.loaded, sample, promptOptionsFor(plan, sample)));
  }
  return prepared;
}

export function createBenchmarkWorkload(
  plan: PlannedBenchmark,
  options: { stream: boolean; runStartMs: number; session: number },
  prepared?: ReadonlyMap<string, Prompt>,
): Workload {
  const { samples } = plan;
  return {
    kind: "benchmark",
    size: samples.length,
    item(index) {
      const sample = samples[index % samples.length];
      if (sample === undefined) throw new RangeError(`${plan.benchmark.name} has no samples`);
      const prompt = prepared?.get(sample.id);
      const work = buildWorkItem(plan, sample, prompt === undefined ? options : { ...options, prompt });
      const request = work.request();
      if (request instanceof Promise) {
        throw new RangeError(
          `${plan.benchmark.name}'s prompts need preparing first (prepareBenchmarkPrompts)`,
        );
      }
      return {
        request,
        // Without a stop signal a grading is never cut short, so it always gives a record.
        grade: async (result) => {
          const record = await work.complete(result);
          if (record === undefined)
            throw new Error(`${plan.benchmark.name}: a grading without a stop gave no record`);
          return record;
        },
      };
    },
  };
}
