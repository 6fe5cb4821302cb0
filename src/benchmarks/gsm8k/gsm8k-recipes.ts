// GSM8K's recipes: each reference's request defaults and grader (the Recipe) and its prompt form (pool, layout).
import type { Recipe } from "../types.js";
import type { Gsm8kLayout } from "./gsm8k-prompt.js";

const LIGHTEVAL_0_10 = "c4826ea9380f01fd7d6cfe291cee26a238dad774";
const LM_EVAL = "4e7e0d47f33bc71070c1d38394bafbb52b117163";
const SGLANG_BENCH = "b2d7f2bbdc1eaf4a994a5e8a60e1e07bd20b2e1e";
const SGLANG_GUIDE = "e565beb2114980924099300c80df01b96b846c11";

/** The system prompt the SGLang guide adds for Qwen2.5-Math (`sgl.system(...)`). */
export const QWEN_MATH_SYSTEM_PROMPT =
  "Please reason step by step, and put your final answer within \\boxed{}.";

/** What a recipe's prompts are made of, beyond the Recipe's own fields. */
export interface Gsm8kForm {
  /**
   * Where the shots come from: "train-first" the first K train rows; "test-first" the first K test rows (the
   * questions' own file); "lm-eval-sample" lm-eval's seeded `random.sample` of K train rows per test doc;
   * "cot-exemplars" the first K of gsm8k-cot's 8 fixed exemplars.
   */
  pool: "train-first" | "test-first" | "lm-eval-sample" | "cot-exemplars";
  /** "question": `Question: q\nAnswer:`; "q": `Q: q\nA:`. */
  query: "question" | "q";
  /** True when a chat assistant turn keeps the leading space of the target (lighteval's `" " + answer` gold). */
  chatTargetLeadingSpace: boolean;
  layout: Gsm8kLayout;
  /** Sent when `--system-prompt` is not given. */
  defaultSystemPrompt?: string;
  /** True when the K shot rows are left out of the questions (the SGLang guide's Qwen2.5-Math customisation). */
  excludeShotsFromQuestions: boolean;
}

export interface Gsm8kRecipe {
  recipe: Recipe;
  form: Gsm8kForm;
}

const lighteval: Gsm8kRecipe = {
  recipe: {
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
  },
  form: {
    pool: "train-first",
    query: "question",
    chatTargetLeadingSpace: true,
    layout: { chat: "turns", flatSystemSeparator: "" },
    excludeShotsFromQuestions: false,
  },
};

const sglang: Gsm8kRecipe = {
  recipe: {
    name: "sglang",
    description: "SGLang benchmark/gsm8k/bench_sglang.py: 5 shots from the first test rows, max_tokens 512",
    sources: [
      { repository: "sgl-project/sglang", path: "benchmark/gsm8k/bench_sglang.py", pin: SGLANG_BENCH },
    ],
    grader: "sglang_number",
    defaultNShots: 5,
    defaultParams: { maxTokens: 512, stop: ["Question", "Assistant:", "<|separator|>"], temperature: 0 },
    chatFewShot: "inline",
  },
  form: {
    pool: "test-first",
    query: "question",
    chatTargetLeadingSpace: false,
    layout: { chat: "inline", flatSystemSeparator: "\n\n" },
    excludeShotsFromQuestions: false,
  },
};

const lmEval: Gsm8kRecipe = {
  recipe: {
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
  },
  form: {
    pool: "lm-eval-sample",
    query: "question",
    chatTargetLeadingSpace: false,
    layout: { chat: "turns", flatSystemSeparator: "" },
    excludeShotsFromQuestions: false,
  },
};

const lmEvalCot: Gsm8kRecipe = {
  recipe: {
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
  },
  form: {
    pool: "cot-exemplars",
    query: "q",
    chatTargetLeadingSpace: false,
    layout: { chat: "turns", flatSystemSeparator: "" },
    excludeShotsFromQuestions: false,
  },
};

const qwenMath: Gsm8kRecipe = {
  recipe: {
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
    chatFewShot: "inline",
  },
  form: {
    pool: "test-first",
    query: "question",
    chatTargetLeadingSpace: false,
    layout: { chat: "inline", flatSystemSeparator: "\n\n" },
    defaultSystemPrompt: QWEN_MATH_SYSTEM_PROMPT,
    excludeShotsFromQuestions: true,
  },
};

/** Every GSM8K recipe, the default (lighteval) first. */
export const GSM8K_RECIPES: readonly [Gsm8kRecipe, ...Gsm8kRecipe[]] = [
  lighteval,
  sglang,
  lmEval,
  lmEvalCot,
  qwenMath,
];

/** The prompt form of `recipe` (one of GSM8K's, matched by name). */
export function gsm8kForm(recipe: Recipe): Gsm8kForm {
  const found = GSM8K_RECIPES.find((entry) => entry.recipe.name === recipe.name);
  if (found === undefined) {
    throw new Error(
      `gsm8k has no recipe "${recipe.name}" (known: ${GSM8K_RECIPES.map((entry) => entry.recipe.name).join(", ")})`,
    );
  }
  return found.form;
}
