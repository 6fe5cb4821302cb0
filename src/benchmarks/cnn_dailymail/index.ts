// CNN/DailyMail (abisee/cnn_dailymail 3.0.0, test: 11,490 news articles with their highlights) as TensorRT-LLM's
// accuracy suite runs it: "<article> TL;DR:" sent as raw text, cut to its last 924 tokens, 100 greedy tokens, the
// summary scored with rouge_score's F-measures against the highlights; rouge1 × 100 is the score it is gated by.
import type { Prompt } from "../../core/prompt.js";
import { ConfigError } from "../../errors.js";
import { checkNShots } from "../check-n-shots.js";
import { zeroShotInlinePrompt } from "../inline-prompt.js";
import { truncatePromptTokens } from "../truncate-prompt-tokens.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, PromptOptions, Recipe } from "../types.js";
import { cnnDailymailOracle } from "./cnn-dailymail-oracle.js";
import { cnnDailymailPromptText } from "./cnn-dailymail-prompt.js";
import type { CnnDailymailSample } from "./cnn-dailymail-sample.js";
import { cnnDailymailScorer } from "./cnn-dailymail-scorer.js";
import {
  CNN_DAILYMAIL_REPO,
  CNN_DAILYMAIL_REVISION,
  CNN_DAILYMAIL_SHUFFLE_SEED,
  CNN_DAILYMAIL_TEST_FILE,
  readCnnDailymailSamples,
  shuffleAsDataset,
} from "./read-cnn-dailymail-rows.js";

const TRTLLM = "NVIDIA/TensorRT-LLM";

/** accuracy_core.py `CnnDailymail.MAX_OUTPUT_LEN`, passed as `max_tokens`. */
export const CNN_DAILYMAIL_MAX_OUTPUT_TOKENS = 100;

/** accuracy_core.py `CnnDailymail.MAX_INPUT_LEN`, passed as `truncate_prompt_tokens` (the last tokens kept). */
export const CNN_DAILYMAIL_MAX_INPUT_TOKENS = 924;

export const TRTLLM_RECIPE: Recipe = {
  name: "trtllm",
  description:
    'TensorRT-LLM CnnDailymail: "<article> TL;DR:" as raw text, its last 924 tokens, 100 greedy tokens, rouge F (rouge1 × 100 gated)',
  sources: [
    {
      repository: TRTLLM,
      path: "tensorrt_llm/evaluate/cnn_dailymail.py",
      pin: "cd8f10dfc83fc4d2f057388e8e834a1528d0fd29",
    },
    {
      repository: TRTLLM,
      path: "tests/integration/defs/accuracy/accuracy_core.py",
      pin: "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6",
    },
    {
      repository: TRTLLM,
      path: "tensorrt_llm/inputs/registry.py",
      pin: "3a5845e29304b03ae78db71a2ac8698709d8af6e",
    },
    {
      repository: TRTLLM,
      path: "tensorrt_llm/llmapi/tokenizer.py",
      pin: "89fd9b74ab7ae753b4c6b3db25a400dca7ea54a0",
    },
    {
      repository: TRTLLM,
      path: "tensorrt_llm/sampling_params.py",
      pin: "000a01de66f0eab4ab05640711f0253f50f5209c",
    },
    {
      repository: "huggingface/evaluate",
      path: "metrics/rouge/rouge.py",
      pin: "085121968c00e3adfff7ab1781a92d5e2e85d224",
    },
  ],
  grader: cnnDailymailScorer,
  defaultNShots: 0,
  // The evaluator hands the text to the LLM API as is (`apply_chat_template` off by default).
  defaultEndpointType: "completions",
  // SamplingParams(max_tokens=100, truncate_prompt_tokens=924): top_k and top_p unset, which is greedy decoding.
  defaultParams: { maxTokens: CNN_DAILYMAIL_MAX_OUTPUT_TOKENS, temperature: 0 },
  // `data.shuffle(random_seed=0)`, then the first NUM_SAMPLES (512): the loader returns the rows in that order.
  subset: "first",
  headline: { metric: "rouge1", scale: 100, higherIsBetter: true },
  // accuracy_core.py@3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6 `CnnDailymail`.
  taskParams: { alpha: 0.002, beta: 0.2, sigma: 11.06, numSamples: 512 },
};

function checkTasks(tasks: readonly string[] | undefined): void {
  if (tasks !== undefined && tasks.length > 0) {
    throw new ConfigError(`cnn_dailymail has no subtasks; --tasks ${tasks.join(",")} does not apply.`);
  }
}

async function load(options: LoadOptions): Promise<LoadedBenchmark<CnnDailymailSample>> {
  checkNShots("cnn_dailymail", options.nShots, 0);
  checkTasks(options.tasks);
  // `data.shuffle(random_seed=0)`: the order TensorRT-LLM takes its first NUM_SAMPLES in.
  const samples = shuffleAsDataset(
    await readCnnDailymailSamples(options.context),
    CNN_DAILYMAIL_SHUFFLE_SEED,
  );
  const asPrompt = (text: string, promptOptions: PromptOptions): Prompt =>
    zeroShotInlinePrompt("cnn_dailymail", text, promptOptions);
  return {
    samples,
    // The whole prompt, before the cut to its last tokens (what `grade` records and the oracle reads).
    buildPrompt: (sample, promptOptions) => asPrompt(cnnDailymailPromptText(sample.article), promptOptions),
    async preparePrompt(sample, promptOptions) {
      const text = await truncatePromptTokens(
        cnnDailymailPromptText(sample.article),
        {
          maxTokens: CNN_DAILYMAIL_MAX_INPUT_TOKENS,
          side: "left",
          purpose: `cnn_dailymail keeps the last ${CNN_DAILYMAIL_MAX_INPUT_TOKENS} tokens of each prompt (TensorRT-LLM's truncate_prompt_tokens)`,
        },
        options.tokenizer,
      );
      return asPrompt(text, promptOptions);
    },
  };
}

export const cnnDailymail: Benchmark<CnnDailymailSample> = {
  name: "cnn_dailymail",
  description:
    "CNN/DailyMail 3.0.0: summarise a news article (TensorRT-LLM's TL;DR prompt, last 924 tokens, 100 tokens); rouge1/2/L/Lsum F against the highlights.",
  dataset: `${CNN_DAILYMAIL_REPO} (3.0.0, test: ${CNN_DAILYMAIL_TEST_FILE} @${CNN_DAILYMAIL_REVISION.slice(0, 7)})`,
  recipes: [TRTLLM_RECIPE],
  maxNShots: 0,
  tasks: [],
  load,
  oracle: cnnDailymailOracle,
};
