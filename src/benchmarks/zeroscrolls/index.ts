// ZeroSCROLLS (tau/zero_scrolls): ten zero-shot long-text tasks — summarisation (rouge), question answering (F1,
// accuracy), sentiment aggregation and summary ordering — on their validation rows (the test answers are private),
// each prompt cut to a token budget as the official runner cuts it; and TensorRT-LLM's squality rouge row.
import type { Prompt } from "../../core/prompt.js";
import { ConfigError } from "../../errors.js";
import { checkNShots } from "../check-n-shots.js";
import { zeroShotInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions } from "../types.js";
import {
  readZeroscrollsTask,
  ZEROSCROLLS_HUB_REPO,
  ZEROSCROLLS_HUB_REVISION,
} from "./read-zeroscrolls-rows.js";
import {
  cutOfficial,
  cutRight,
  DEFAULT_MAX_CONTEXT_TOKENS,
  TRTLLM_MAX_INPUT_TOKENS,
} from "./truncate-zeroscrolls.js";
import { zeroscrollsOracle } from "./zeroscrolls-oracle.js";
import { officialPromptText, trtllmPromptText } from "./zeroscrolls-prompt.js";
import { isTrtllmRecipe, ZEROSCROLLS_RECIPES } from "./zeroscrolls-recipes.js";
import type { ZeroscrollsSample } from "./zeroscrolls-sample.js";
import {
  GENERATION_TOKENS,
  isZeroscrollsTask,
  ZEROSCROLLS_TASKS,
  type ZeroscrollsTask,
} from "./zeroscrolls-tasks.js";

/** The one task TensorRT-LLM runs (`dataset_revision = 'squality'`). */
const TRTLLM_TASKS: readonly ZeroscrollsTask[] = ["squality"];

function selectTasks(tasks: readonly string[] | undefined, isTrtllm: boolean): ZeroscrollsTask[] {
  const offered = isTrtllm ? TRTLLM_TASKS : ZEROSCROLLS_TASKS;
  if (tasks === undefined || tasks.length === 0) return [...offered];
  const unknown = tasks.filter((task) => !isZeroscrollsTask(task));
  if (unknown.length > 0) {
    throw new ConfigError(
      `zeroscrolls has no task ${unknown.map((task) => `"${task}"`).join(", ")}; its tasks: ${ZEROSCROLLS_TASKS.join(", ")}.`,
    );
  }
  const outside = tasks.filter((task) => !(offered as readonly string[]).includes(task));
  if (outside.length > 0) {
    throw new ConfigError(
      `zeroscrolls --recipe trtllm runs squality only (TensorRT-LLM's summarize_long); ${outside.join(", ")} ` +
        "are the official recipe's: leave out --recipe trtllm.",
    );
  }
  return offered.filter((task) => tasks.includes(task));
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<ZeroscrollsSample>> {
  checkNShots("zeroscrolls", options.nShots, 0);
  const isTrtllm = isTrtllmRecipe(options.recipe);
  const samples: ZeroscrollsSample[] = [];
  for (const task of selectTasks(options.tasks, isTrtllm)) {
    samples.push(...(await readZeroscrollsTask(options.context, task, isTrtllm ? "by-row" : "by-id")));
  }
  const maxContextTokens = options.longContext?.maxContextTokens;
  const asPrompt = (text: string, promptOptions: PromptOptions): Prompt =>
    zeroShotInlinePrompt("zeroscrolls", text, promptOptions);
  return {
    samples,
    // The runner's `max_generation_tokens`: each task's own answer budget (TensorRT-LLM's recipe sends 8192 to all).
    ...(isTrtllm ? {} : { maxTokens: (sample: ZeroscrollsSample) => GENERATION_TOKENS[sample.task] }),
    buildPrompt(sample, promptOptions) {
      const text = isTrtllm
        ? trtllmPromptText(sample)
        : officialPromptText(sample, promptOptions.endpointType).text;
      return asPrompt(text, promptOptions);
    },
    async preparePrompt(sample, promptOptions) {
      if (isTrtllm) {
        const budget = maxContextTokens ?? TRTLLM_MAX_INPUT_TOKENS;
        return asPrompt(await cutRight(trtllmPromptText(sample), budget, options.tokenizer), promptOptions);
      }
      const text = await cutOfficial(officialPromptText(sample, promptOptions.endpointType), {
        maxContextTokens: maxContextTokens ?? DEFAULT_MAX_CONTEXT_TOKENS,
        generationTokens: GENERATION_TOKENS[sample.task],
        isChat: promptOptions.endpointType === "chat",
        truncationSeparator: sample.truncationSeparator,
        tokenizer: options.tokenizer,
      });
      return asPrompt(text, promptOptions);
    },
  };
}

export const zeroscrolls: Benchmark<ZeroscrollsSample> = {
  name: "zeroscrolls",
  description:
    "ZeroSCROLLS: ten zero-shot long-text tasks (summaries, QA, sentiment aggregation, ordering) with their official " +
    "metrics, on the validation split (the test split's answers are not public); prompts cut to --max-context-tokens.",
  dataset: `${ZEROSCROLLS_HUB_REPO} (<task>.zip @${ZEROSCROLLS_HUB_REVISION.slice(0, 7)}, validation: the test answers are not public)`,
  recipes: [...ZEROSCROLLS_RECIPES],
  maxNShots: 0,
  tasks: [...ZEROSCROLLS_TASKS],
  load,
  oracle: zeroscrollsOracle,
};
