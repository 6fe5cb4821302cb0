// GPQA-Diamond, 0-shot: recipes simple-evals (4 repeats, Random(0) option orders), lighteval (gpqa:diamond) and
// aiperf (simple-evals' template, SHA-256-seeded option order).
import type { Prompt } from "../../core/prompt.js";
import { ConfigError } from "../../errors.js";
import { resolveSystemPrompt } from "../../prompts/resolve-system-prompt.js";
import { checkNShots } from "../check-n-shots.js";
import { buildInlinePrompt } from "../inline-prompt.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions, Recipe } from "../types.js";
import { gpqaOracle } from "./gpqa-oracle.js";
import { GPQA_LIGHTEVAL_INSTRUCTION, gpqaLightevalQueryTail, gpqaQuery } from "./gpqa-prompt.js";
import type { GpqaSample } from "./gpqa-sample.js";
import { type GpqaOptionOrder, readGpqaSamples } from "./read-gpqa-rows.js";

/** huggingface/lighteval tag v0.13.0 (gpqa.py and prompt_manager.py are the same at 3fd15266, the newest read). */
const LIGHTEVAL_013_COMMIT = "7c1cd62716b0a198a630c26d781430c54726cd02";

/** openai/simple-evals: the GPQA eval and the sampler whose defaults it runs with, as read. */
const SIMPLE_EVALS_EVAL_COMMIT = "0ac027d54433a704cd31216ab38c7a5c4375f020";

const SIMPLE_EVALS_RECIPE: Recipe = {
  name: "simple-evals",
  description:
    "simple-evals' gpqa_eval: every question 4 times, options in random.Random(0).sample order, strict 'Answer: X'",
  sources: [
    { repository: "openai/simple-evals", path: "gpqa_eval.py", pin: SIMPLE_EVALS_EVAL_COMMIT },
    { repository: "openai/simple-evals", path: "common.py", pin: "ee3b0318d8d1d9d72755a4120879be65f7c07e9e" },
    {
      repository: "openai/simple-evals",
      path: "sampler/chat_completion_sampler.py",
      pin: "02e06b5017b03ba51808ad52803e34a06da34a56",
    },
  ],
  grader: "simple_evals_gpqa",
  defaultNShots: 0,
  // ChatCompletionSampler's defaults: temperature 0.5, max_tokens 1024.
  defaultParams: { maxTokens: 1024, temperature: 0.5 },
};

const AIPERF_RECIPE: Recipe = {
  name: "aiperf",
  description:
    "aiperf's gpqa_diamond: simple-evals' multiple-choice template, options in a SHA-256-seeded order",
  sources: [
    {
      repository: "ai-dynamo/aiperf",
      path: "src/aiperf/accuracy/benchmarks/gpqa_diamond.py",
      pin: "d4295626730fa26b9b74dda76efcdb1c59696362",
    },
    { repository: "openai/simple-evals", path: "common.py", pin: "ee3b0318d8d1d9d72755a4120879be65f7c07e9e" },
    {
      repository: "ai-dynamo/aiperf",
      path: "src/aiperf/dataset/loader/accuracy_dataset_loader.py",
      pin: "0e574a0411e1f1c81925cd54e6e47152101e2e20",
    },
  ],
  grader: "lighteval_gpqa",
  defaultNShots: 0,
  defaultParams: { maxTokens: 32768 },
};

const LIGHTEVAL_RECIPE: Recipe = {
  name: "lighteval",
  description:
    "lighteval's gpqa:diamond: stripped question and options, correct answer at random.randint(0, 3)",
  sources: [
    {
      repository: "huggingface/lighteval",
      path: "src/lighteval/tasks/tasks/gpqa.py",
      pin: LIGHTEVAL_013_COMMIT,
    },
    {
      repository: "huggingface/lighteval",
      path: "src/lighteval/tasks/prompt_manager.py",
      pin: LIGHTEVAL_013_COMMIT,
    },
    { repository: "huggingface/lighteval", path: "src/lighteval/pipeline.py", pin: LIGHTEVAL_013_COMMIT },
  ],
  grader: "lighteval_gpqa",
  defaultNShots: 0,
  defaultParams: { maxTokens: 32768, stop: [] },
};

/**
 * lighteval ≥ 0.11 PromptManager with the Doc's `instruction`: chat = [system] + one user turn `instruction + tail`
 * (nothing between them); flat = `"\n\n".join([system, instruction, tail])`.
 */
function lightevalPrompt(sample: GpqaSample, options: PromptOptions): Prompt {
  const systemPrompt = resolveSystemPrompt(options.systemPrompt);
  const tail = gpqaLightevalQueryTail(sample);
  if (options.endpointType === "chat") {
    return {
      type: "chat",
      messages: [
        ...(systemPrompt === undefined ? [] : [{ role: "system" as const, content: systemPrompt }]),
        { role: "user", content: `${GPQA_LIGHTEVAL_INSTRUCTION}${tail}` },
      ],
    };
  }
  const parts = [...(systemPrompt === undefined ? [] : [systemPrompt]), GPQA_LIGHTEVAL_INSTRUCTION, tail];
  return { type: "completion", text: parts.join("\n\n") };
}

const OPTION_ORDERS: Readonly<Record<string, GpqaOptionOrder>> = {
  [SIMPLE_EVALS_RECIPE.name]: "simple-evals",
  [AIPERF_RECIPE.name]: "sha256",
  [LIGHTEVAL_RECIPE.name]: "lighteval",
};

async function load(options: LoadOptions): Promise<LoadedBenchmark<GpqaSample>> {
  checkNShots("gpqa_diamond", options.nShots, 0);
  if (options.tasks !== undefined && options.tasks.length > 0) {
    throw new ConfigError(`gpqa_diamond has no subtasks; --tasks ${options.tasks.join(",")} does not apply.`);
  }
  const recipeName = options.recipe?.name ?? SIMPLE_EVALS_RECIPE.name;
  const isLighteval = recipeName === LIGHTEVAL_RECIPE.name;
  const samples = await readGpqaSamples(options.context, OPTION_ORDERS[recipeName] ?? "simple-evals");
  return {
    samples,
    buildPrompt(sample, promptOptions) {
      checkNShots("gpqa_diamond", promptOptions.nShots, 0);
      if (isLighteval) return lightevalPrompt(sample, promptOptions);
      return buildInlinePrompt({
        endpointType: promptOptions.endpointType,
        systemPrompt: resolveSystemPrompt(promptOptions.systemPrompt),
        text: gpqaQuery(sample),
      });
    },
  };
}

export const gpqaDiamond: Benchmark<GpqaSample> = {
  name: "gpqa_diamond",
  description:
    "GPQA-Diamond (198 questions, gated: HF_TOKEN): 0-shot; simple-evals asks each 4 times, lighteval and aiperf once.",
  dataset: "Idavidrein/gpqa (gpqa_diamond, train; gated)",
  recipes: [SIMPLE_EVALS_RECIPE, LIGHTEVAL_RECIPE, AIPERF_RECIPE],
  maxNShots: 0,
  tasks: [],
  load,
  oracle: gpqaOracle,
};
