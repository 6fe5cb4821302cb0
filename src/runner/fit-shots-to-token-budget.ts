// A recipe's prompt token budget (`Recipe.promptTokenBudget`), applied before a run: for each sample, as many shots
// as keep its prompt within the budget in the served model's tokens, counted with the backend's `tokenize`.
import type { BenchmarkSample, PromptOptions } from "../benchmarks/types.js";
import type { Backend } from "../core/generation.js";
import { toError } from "../errors.js";
import type { PlannedBenchmark } from "./plan-benchmark.js";

/** What run.json and `<benchmark>.json` record of the budget. */
export interface ShotBudgetRecord {
  max_prompt_tokens: number;
  /** False when the backend could not count tokens: every prompt kept its shots (`reason` says why). */
  is_applied: boolean;
  /** Samples whose prompt shows fewer shots than asked. */
  samples_with_fewer_shots: number;
  reason?: string;
}

/** Tokenize calls in flight at once. */
const CONCURRENCY = 8;

/** The prompt options of one sample: the plan's, with the shot count its budget left it. */
export function promptOptionsFor(plan: PlannedBenchmark, sample: BenchmarkSample): PromptOptions {
  const nShots = plan.shotsBySample?.get(sample.id);
  return nShots === undefined ? plan.promptOptions : { ...plan.promptOptions, nShots };
}

/**
 * The plan with `shotsBySample` (samples that show fewer shots) and `shotBudget` set, when its recipe has a budget
 * and shots; otherwise the plan as it is. A backend that cannot count leaves every prompt whole, with a warning.
 */
export async function fitShotsToTokenBudget(
  plan: PlannedBenchmark,
  backend: Backend,
  options: { signal?: AbortSignal | undefined; onWarning?: ((message: string) => void) | undefined },
): Promise<PlannedBenchmark> {
  const budget = plan.recipe.promptTokenBudget;
  const askedShots = plan.promptOptions.nShots;
  if (budget === undefined || askedShots === 0) return plan;
  const { maxPromptTokens } = budget;
  const notApplied = (reason: string) => skipTokenBudget(plan, reason, options.onWarning);
  const { tokenize } = backend;
  if (tokenize === undefined) return notApplied(`the ${backend.name} backend cannot count tokens`);

  const countTokens = async (sample: BenchmarkSample, nShots: number): Promise<number | undefined> => {
    const prompt = plan.loaded.buildPrompt(sample, {
      ...plan.promptOptions,
      endpointType: "completions",
      nShots,
    });
    const text = prompt.type === "completion" ? prompt.text : "";
    const signal = options.signal;
    const tokens = await tokenize.call(backend, text, {
      addSpecialTokens: true,
      ...(signal ? { signal } : {}),
    });
    return tokens?.length;
  };
  const shotsBySample = new Map<string, number>();
  let isCountable = true;
  const fitSample = async (sample: BenchmarkSample): Promise<void> => {
    for (let nShots = askedShots; nShots > 0 && isCountable; nShots--) {
      const count = await countTokens(sample, nShots);
      if (count === undefined) {
        isCountable = false;
        return;
      }
      if (count <= maxPromptTokens) break;
      shotsBySample.set(sample.id, nShots - 1);
    }
  };
  try {
    let next = 0;
    const worker = async () => {
      while (isCountable && next < plan.samples.length) {
        const sample = plan.samples[next++];
        if (sample !== undefined) await fitSample(sample);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } catch (error) {
    return notApplied(`counting tokens failed (${toError(error).message})`);
  }
  if (!isCountable)
    return notApplied("the server has no tokenize endpoint (vLLM, SGLang and llama.cpp serve one)");
  return {
    ...plan,
    shotsBySample,
    shotBudget: {
      max_prompt_tokens: maxPromptTokens,
      is_applied: true,
      samples_with_fewer_shots: shotsBySample.size,
    },
  };
}

/**
 * The plan with its recipe's budget recorded as not applied (`reason`), and a warning saying what that changes;
 * the plan as it is when the recipe has no budget or no shots are shown.
 */
export function skipTokenBudget(
  plan: PlannedBenchmark,
  reason: string,
  onWarning: ((message: string) => void) | undefined,
): PlannedBenchmark {
  const budget = plan.recipe.promptTokenBudget;
  const askedShots = plan.promptOptions.nShots;
  if (budget === undefined || askedShots === 0) return plan;
  const { maxPromptTokens } = budget;
  onWarning?.(
    `${plan.benchmark.name} (${plan.recipe.name}): ${reason}, so every prompt keeps ${askedShots} shots; the ` +
      `reference shows fewer where a prompt is over ${maxPromptTokens} tokens of the model's tokenizer.`,
  );
  return {
    ...plan,
    shotBudget: {
      max_prompt_tokens: maxPromptTokens,
      is_applied: false,
      samples_with_fewer_shots: 0,
      reason,
    },
  };
}
