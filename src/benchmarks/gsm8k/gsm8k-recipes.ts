// GSM8K's recipes, in the definition API (`recipes` of `benchmark()`): each reference's sources, grader, request
// defaults and prompt form (query, where the shots come from and how they are picked, chat layout, system prompt).
import type { RecipeDefinitionInput } from "../../byob/recipe-definition.js";
import { LM_EVAL_COT_EXEMPLARS } from "./lm-eval-cot-exemplars.js";

const LIGHTEVAL_0_10 = "c4826ea9380f01fd7d6cfe291cee26a238dad774";
const LM_EVAL = "4e7e0d47f33bc71070c1d38394bafbb52b117163";
const SGLANG_BENCH = "b2d7f2bbdc1eaf4a994a5e8a60e1e07bd20b2e1e";
const SGLANG_GUIDE = "e565beb2114980924099300c80df01b96b846c11";

/** The system prompt the SGLang guide adds for Qwen2.5-Math (`sgl.system(...)`). */
export const QWEN_MATH_SYSTEM_PROMPT =
  "Please reason step by step, and put your final answer within \\boxed{}.";

/** lm-eval's gsm8k-cot query (`Q: {q}\nA:`); the other recipes ask `Question: {q}\nAnswer:`. */
export const GSM8K_COT_PROMPT = "Q: {question}\nA:";

const lighteval: RecipeDefinitionInput = {
  name: "lighteval",
  description:
    "lighteval 0.10 leaderboard|gsm8k (gsm8k_leaderboard): Question:/Answer:, 0-shot, stop Question:",
  sources: [
    {
      repository: "huggingface/lighteval",
      path: "src/lighteval/tasks/default_tasks.py",
      pin: LIGHTEVAL_0_10,
    },
    {
      repository: "huggingface/lighteval",
      path: "src/lighteval/tasks/default_prompts.py",
      pin: LIGHTEVAL_0_10,
    },
    {
      repository: "huggingface/lighteval",
      path: "src/lighteval/tasks/prompt_manager.py",
      pin: LIGHTEVAL_0_10,
    },
  ],
  grader: "lighteval_gsm8k",
  defaultNShots: 0,
  defaultParams: { maxTokens: 256, stop: ["Question:"] },
  chatFewShot: "turns",
  systemSeparator: "",
  // lighteval's gold is " " + answer: the assistant turn keeps the space, and flat text adds none.
  fewshot: { pool: { split: "train" }, select: "first", answer: " {answer}", targetDelimiter: "" },
};

const sglang: RecipeDefinitionInput = {
  name: "sglang",
  description: "SGLang benchmark/gsm8k/bench_sglang.py: 5 shots from the first test rows, max_tokens 512",
  sources: [{ repository: "sgl-project/sglang", path: "benchmark/gsm8k/bench_sglang.py", pin: SGLANG_BENCH }],
  grader: "sglang_number",
  defaultNShots: 5,
  defaultParams: { maxTokens: 512, stop: ["Question", "Assistant:", "<|separator|>"], temperature: 0 },
  chatFewShot: "inline",
  systemSeparator: "\n\n",
  fewshot: { pool: "dataset", select: "first", answer: "{answer}" },
};

const lmEval: RecipeDefinitionInput = {
  name: "lm-eval",
  description:
    "lm-evaluation-harness gsm8k: 5 seeded random train shots; strict-match, flexible-extract beside it",
  sources: [
    {
      repository: "EleutherAI/lm-evaluation-harness",
      path: "lm_eval/tasks/gsm8k/gsm8k.yaml",
      pin: LM_EVAL,
    },
    { repository: "EleutherAI/lm-evaluation-harness", path: "lm_eval/api/samplers.py", pin: LM_EVAL },
    { repository: "EleutherAI/lm-evaluation-harness", path: "lm_eval/api/task.py", pin: LM_EVAL },
    {
      repository: "EleutherAI/lm-evaluation-harness",
      path: "lm_eval/models/openai_completions.py",
      pin: LM_EVAL,
    },
  ],
  grader: "lm_eval_gsm8k_strict",
  extraGraders: ["lm_eval_gsm8k_flexible"],
  defaultNShots: 5,
  defaultParams: { maxTokens: 256, stop: ["Question:", "</s>", "<|im_end|>"], temperature: 0, seed: 1234 },
  chatFewShot: "turns",
  systemSeparator: "",
  fewshot: { pool: { split: "train" }, select: "lm-eval", answer: "{answer}" },
};

const lmEvalCot: RecipeDefinitionInput = {
  name: "lm-eval-cot",
  description:
    "lm-evaluation-harness gsm8k_cot: 8 fixed CoT exemplars (Q:/A:); strict 'The answer is', flexible beside it",
  sources: [
    {
      repository: "EleutherAI/lm-evaluation-harness",
      path: "lm_eval/tasks/gsm8k/gsm8k-cot.yaml",
      pin: LM_EVAL,
    },
    { repository: "EleutherAI/lm-evaluation-harness", path: "lm_eval/api/task.py", pin: LM_EVAL },
    {
      repository: "EleutherAI/lm-evaluation-harness",
      path: "lm_eval/models/openai_completions.py",
      pin: LM_EVAL,
    },
  ],
  grader: "lm_eval_gsm8k_cot_strict",
  extraGraders: ["lm_eval_gsm8k_cot_flexible"],
  defaultNShots: 8,
  defaultParams: { maxTokens: 256, stop: ["Q:", "</s>", "<|im_end|>"], temperature: 0, seed: 1234 },
  prompt: GSM8K_COT_PROMPT,
  chatFewShot: "turns",
  systemSeparator: "",
  fewshot: {
    pool: LM_EVAL_COT_EXEMPLARS.map((exemplar) => ({ ...exemplar })),
    select: "first",
    answer: "{target}",
  },
};

const qwenMath: RecipeDefinitionInput = {
  name: "qwen-math",
  description:
    "SGLang guide's Qwen2.5-Math customisation of bench_sglang.py: \\boxed{} system prompt, shots left out",
  sources: [
    { repository: "sgl-project/sglang", path: "docs/references/accuracy_evaluation.md", pin: SGLANG_GUIDE },
    { repository: "sgl-project/sglang", path: "benchmark/gsm8k/bench_sglang.py", pin: SGLANG_BENCH },
  ],
  grader: "qwen_math",
  defaultNShots: 5,
  defaultParams: {
    maxTokens: 2048,
    stop: ["Question", "Assistant:", "</s>", "<|im_end|>", "<|endoftext|>"],
    temperature: 0,
  },
  systemPrompt: QWEN_MATH_SYSTEM_PROMPT,
  chatFewShot: "inline",
  systemSeparator: "\n\n",
  fewshot: { pool: "dataset", select: "first", answer: "{answer}", excludeFromEvaluation: true },
};

/** Every GSM8K recipe, the default (lighteval) first. */
export const GSM8K_RECIPES: readonly [RecipeDefinitionInput, ...RecipeDefinitionInput[]] = [
  lighteval,
  sglang,
  lmEval,
  lmEvalCot,
  qwenMath,
];
