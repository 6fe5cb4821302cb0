// The three recipes of aime24, aime25 and math_500: TensorRT-LLM's lighteval recipe, lighteval 0.10, lighteval ≥ 0.13.
import type { GraderName } from "../../graders/registry.js";
import {
  BARE_PROBLEM_FORMAT,
  LIGHTEVAL_010_FORMAT,
  LIGHTEVAL_AIME_FORMAT,
  LIGHTEVAL_MATH_500_FORMAT,
} from "./lighteval-math-formats.js";
import type { MathRecipe } from "./math-recipe.js";

/** ai-dynamo/aiperf's lighteval-aligned aime24/aime25/math_500 loaders (they mirror the trt-llm recipe). */
const AIPERF_LIGHTEVAL_COMMIT = "d4295626730fa26b9b74dda76efcdb1c59696362";
/** aiperf's accuracy loader: where the system prompt goes, max_tokens from `generation_size`. */
const AIPERF_LOADER_COMMIT = "0e574a0411e1f1c81925cd54e6e47152101e2e20";
/** huggingface/lighteval tag v0.10.0. */
const LIGHTEVAL_010_COMMIT = "c4826ea9380f01fd7d6cfe291cee26a238dad774";
/** huggingface/lighteval tag v0.13.0 (the prompt files are the same at 3fd15266, the newest read). */
const LIGHTEVAL_013_COMMIT = "7c1cd62716b0a198a630c26d781430c54726cd02";

export interface LightevalMathTask {
  name: "aime24" | "aime25" | "math_500";
  /** aiperf's loader file of the task (`aime24.py`, `aime25.py`, `math_500.py`). */
  aiperfFile: string;
  /** lighteval's metric for the task: `expr_gold_metric` (AIME) or `latex_gold_metric` (MATH-500). */
  grader: GraderName;
  /** `generation_size` of the task in lighteval 0.10 (`default_tasks.py`). */
  lighteval010MaxTokens: number;
  /** `generation_size` of the task in lighteval ≥ 0.13; undefined = None, so no max_tokens is sent. */
  lightevalMaxTokens: number | undefined;
}

export function lightevalMathRecipes(task: LightevalMathTask): [MathRecipe, MathRecipe, MathRecipe] {
  const isAime = task.name !== "math_500";
  const taskFile = isAime ? "src/lighteval/tasks/tasks/aime.py" : "src/lighteval/tasks/tasks/math_500.py";
  return [
    {
      recipe: {
        name: "trtllm",
        description: `the bare problem: TensorRT-LLM's benchmark recipe (acc_bench_lighteval.py ${task.name}) as aiperf mirrors it`,
        sources: [
          {
            repository: "ai-dynamo/aiperf",
            path: `src/aiperf/accuracy/benchmarks/${task.aiperfFile}`,
            pin: AIPERF_LIGHTEVAL_COMMIT,
          },
          {
            repository: "ai-dynamo/aiperf",
            path: "src/aiperf/dataset/loader/accuracy_dataset_loader.py",
            pin: AIPERF_LOADER_COMMIT,
          },
        ],
        grader: task.grader,
        defaultNShots: 0,
        defaultParams: { maxTokens: 32768 },
      },
      format: BARE_PROBLEM_FORMAT,
    },
    {
      recipe: {
        name: "lighteval-0.10",
        description: `lighteval 0.10 ${task.name}: "Solve the following math problem efficiently and clearly." template`,
        sources: [
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/tasks/default_prompts.py",
            pin: LIGHTEVAL_010_COMMIT,
          },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/tasks/default_tasks.py",
            pin: LIGHTEVAL_010_COMMIT,
          },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/tasks/prompt_manager.py",
            pin: LIGHTEVAL_010_COMMIT,
          },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/metrics/metrics.py",
            pin: LIGHTEVAL_010_COMMIT,
          },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/metrics/utils/math_comparison.py",
            pin: LIGHTEVAL_010_COMMIT,
          },
        ],
        // The task's `Metrics.math_pass_at_1_1n` (the first of its metrics).
        grader: "lighteval_0_10_math",
        defaultNShots: 0,
        defaultParams: { maxTokens: task.lighteval010MaxTokens },
      },
      format: LIGHTEVAL_010_FORMAT,
    },
    {
      recipe: {
        name: "lighteval",
        description: isAime
          ? `lighteval ≥ 0.13 ${task.name}: the 0.10 template unstripped (newline before and after), no max_tokens`
          : 'lighteval ≥ 0.13 math_500: "The final line of your response MUST be … ANSWER: $ANSWER" template',
        sources: [
          { repository: "huggingface/lighteval", path: taskFile, pin: LIGHTEVAL_013_COMMIT },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/tasks/prompt_manager.py",
            pin: LIGHTEVAL_013_COMMIT,
          },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/models/endpoints/litellm_model.py",
            pin: LIGHTEVAL_013_COMMIT,
          },
          {
            repository: "huggingface/lighteval",
            path: "src/lighteval/metrics/metrics.py",
            pin: LIGHTEVAL_013_COMMIT,
          },
        ],
        // The task's `Metrics.pass_at_k_math(k=1, n=1)`.
        grader: "lighteval_math",
        defaultNShots: 0,
        ...(task.lightevalMaxTokens === undefined
          ? { defaultParams: {}, isMaxTokensOmitted: true }
          : { defaultParams: { maxTokens: task.lightevalMaxTokens } }),
      },
      format: isAime ? LIGHTEVAL_AIME_FORMAT : LIGHTEVAL_MATH_500_FORMAT,
    },
  ];
}
