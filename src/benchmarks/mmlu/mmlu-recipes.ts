// MMLU's recipes (lighteval first, the default) and the prompt format each one uses.
import { ConfigError } from "../../errors.js";
import type { Recipe } from "../types.js";
import { lightevalMmluFormat } from "./lighteval-mmlu-format.js";
import { lmEvalMmluFormat } from "./lm-eval-mmlu-format.js";
import type { MmluFormat } from "./mmlu-format.js";
import { sglangMmluFormat } from "./sglang-mmlu-format.js";
import { simpleEvalsMmluFormat } from "./simple-evals-mmlu-format.js";

const LIGHTEVAL_CURRENT = "3fd15266bc8448b797e61462d293aa3fd40b3580";
const LIGHTEVAL_0_10_0 = "c4826ea9380f01fd7d6cfe291cee26a238dad774";
const LM_EVAL = "4e7e0d47f33bc71070c1d38394bafbb52b117163";
const SGLANG = "00b08c497f0735678e084ae5e3dd88ca06b46627";
const SIMPLE_EVALS = "ee3b0318d8d1d9d72755a4120879be65f7c07e9e";

/** lighteval's task stops at the first newline after at most 5 tokens (`generation_size=5`, `stop_sequence=["\n"]`). */
const LIGHTEVAL_PARAMS = { maxTokens: 5, stop: ["\n"] };

export const MMLU_RECIPES: readonly [Recipe, ...Recipe[]] = [
  {
    name: "lighteval",
    description:
      "lighteval ≥ 0.11 `mmlu:{subject}` (what aiperf's mmlu aligns with): `Question:` blocks, balanced 5-shot, exact match",
    sources: [
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/tasks/tasks/mmlu.py",
        pin: LIGHTEVAL_CURRENT,
      },
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/tasks/prompt_manager.py",
        pin: LIGHTEVAL_CURRENT,
      },
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/metrics/metrics_sample.py",
        pin: LIGHTEVAL_CURRENT,
      },
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/models/model_input.py",
        pin: LIGHTEVAL_CURRENT,
      },
    ],
    grader: "lighteval_exact_match",
    defaultNShots: 5,
    // GenerationParameters.temperature defaults to 0 (greedy) from 0.11 on.
    defaultParams: { ...LIGHTEVAL_PARAMS, temperature: 0 },
  },
  {
    name: "lighteval-0.10",
    description:
      "lighteval 0.10 `helm|mmlu:{subject}`: as `lighteval`, but flat text and system prompt joined without blank lines",
    sources: [
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/tasks/default_prompts.py",
        pin: LIGHTEVAL_0_10_0,
      },
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/tasks/prompt_manager.py",
        pin: LIGHTEVAL_0_10_0,
      },
      {
        repository: "huggingface/lighteval",
        path: "src/lighteval/tasks/default_tasks.py",
        pin: LIGHTEVAL_0_10_0,
      },
    ],
    grader: "lighteval_exact_match",
    defaultNShots: 5,
    defaultParams: LIGHTEVAL_PARAMS,
  },
  {
    name: "lm-eval",
    description:
      "lm-evaluation-harness `mmlu` (loglikelihood of ' A'…' D'), generating as `mmlu_generative`: first 5 dev shots",
    scoring: "loglikelihood",
    sources: [
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/tasks/mmlu/default/_default_template_yaml",
        pin: LM_EVAL,
      },
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/tasks/mmlu/generative/_default_template_yaml",
        pin: LM_EVAL,
      },
      { repository: "EleutherAI/lm-evaluation-harness", path: "lm_eval/api/task.py", pin: LM_EVAL },
      { repository: "EleutherAI/lm-evaluation-harness", path: "lm_eval/models/api_models.py", pin: LM_EVAL },
      {
        repository: "EleutherAI/lm-evaluation-harness",
        path: "lm_eval/models/openai_completions.py",
        pin: LM_EVAL,
      },
    ],
    grader: "lm_eval_mmlu_generative",
    defaultNShots: 5,
    // `until ["</s>", "\n"]`; `max_gen_toks` 256 (api_models.py), temperature 0 and seed 1234 (openai_completions.py).
    defaultParams: { maxTokens: 256, stop: ["</s>", "\n"], temperature: 0, seed: 1234 },
  },
  {
    name: "sglang",
    description:
      "SGLang benchmark/mmlu/bench_sglang.py: first 5 dev shots inline, 1 token, first letter of the answer",
    sources: [{ repository: "sgl-project/sglang", path: "benchmark/mmlu/bench_sglang.py", pin: SGLANG }],
    grader: "first_letter",
    defaultNShots: 5,
    defaultParams: { maxTokens: 1, temperature: 0 },
    chatFewShot: "inline",
  },
  {
    name: "simple-evals",
    description:
      "openai/simple-evals mmlu_eval.py: 0-shot QUERY_TEMPLATE_MULTICHOICE, 'Answer: X' extraction",
    sources: [
      { repository: "openai/simple-evals", path: "mmlu_eval.py", pin: SIMPLE_EVALS },
      { repository: "openai/simple-evals", path: "common.py", pin: SIMPLE_EVALS },
      { repository: "openai/simple-evals", path: "sampler/chat_completion_sampler.py", pin: SIMPLE_EVALS },
    ],
    grader: "simple_evals_mmlu",
    defaultNShots: 0,
    // ChatCompletionSampler's defaults.
    defaultParams: { maxTokens: 1024, temperature: 0.5 },
  },
];

const FORMATS: ReadonlyMap<string, MmluFormat> = new Map([
  ["lighteval", lightevalMmluFormat("0.11")],
  ["lighteval-0.10", lightevalMmluFormat("0.10")],
  ["lm-eval", lmEvalMmluFormat],
  ["sglang", sglangMmluFormat],
  ["simple-evals", simpleEvalsMmluFormat],
]);

/** The prompt format of one of MMLU's recipes; any other recipe is a ConfigError. */
export function mmluFormatOf(recipe: Recipe): MmluFormat {
  const format = FORMATS.get(recipe.name);
  if (format === undefined) {
    throw new ConfigError(
      `mmlu has no recipe "${recipe.name}". Its recipes: ${MMLU_RECIPES.map((each) => each.name).join(", ")}.`,
    );
  }
  return format;
}
