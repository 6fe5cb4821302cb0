// ZeroSCROLLS' recipes: the official one (the ten tasks, the API runner's prompts and cut, the dataset's metric) and
// TensorRT-LLM's accuracy-suite row (squality only, summarize.py --eval_task summarize_long, rouge1 × 100).
import type { Recipe, RecipeSource } from "../types.js";
import { officialScorer, trtllmScorer } from "./zeroscrolls-scorer.js";

/** tau-nlp/zero_scrolls (the paper's code) at the commit whose experiments/ were read. */
export const ZERO_SCROLLS_CODE_COMMIT = "c994676234c624ae32232eda9ee32b0329a37f04";
/** The tau/zero_scrolls Hub dataset at the commit whose metrics/ were read (unchanged since). */
export const ZERO_SCROLLS_METRICS_COMMIT = "9af1d79992edc35db68c85db9bdc5d8aa4706a7c";
/** NVIDIA/TensorRT-LLM examples/summarize.py as read. */
export const TRTLLM_SUMMARIZE_COMMIT = "010c4b27120c06d25c5f860fada9ba748801e0da";
/** NVIDIA/TensorRT-LLM accuracy_core.py (the ZeroScrolls task's constants). */
export const TRTLLM_ACCURACY_CORE_COMMIT = "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6";

function code(path: string): RecipeSource {
  return { repository: "tau-nlp/zero_scrolls", path, pin: ZERO_SCROLLS_CODE_COMMIT };
}

function metric(path: string): RecipeSource {
  return { repository: "tau/zero_scrolls", path: `metrics/${path}`, pin: ZERO_SCROLLS_METRICS_COMMIT };
}

export const OFFICIAL_RECIPE: Recipe = {
  name: "zeroscrolls",
  description:
    "ZeroSCROLLS official: the ten tasks' validation rows, the API runner's prompt (chat: format request, no answer " +
    "prefix; completions: the input as given) cut to --max-context-tokens (default 8192) keeping the query, " +
    "temperature 0; each task's metric (rouge geometric mean, F1, accuracy, exp similarity, concordance index)",
  sources: [
    code("experiments/api/openai_api.py"),
    code("experiments/api/api.py"),
    code("experiments/api/run_api_single_task.py"),
    metric("zero_scrolls.py"),
    metric("rouge.py"),
    metric("f1.py"),
    metric("accuracy.py"),
    metric("exp_similarity.py"),
    metric("concordance_index.py"),
  ],
  grader: officialScorer,
  defaultNShots: 0,
  // Each request sends its task's own answer budget (api.py's `max_generation_tokens`, 10 for quality … 1024 for
  // gov_report; `--max-tokens` overrides); 1024 is the largest, shown by `list`.
  defaultParams: { maxTokens: 1024, temperature: 0 },
  // ZeroSCROLLS' average: each task's score (a rouge task's: the geometric mean of its rouge1, rouge2 and rougeL
  // means), then their mean over the tasks.
  headline: {
    metric: "score",
    scale: 100,
    higherIsBetter: true,
    aggregate: "task-mean",
    geometricMeanOf: ["rouge1", "rouge2", "rougeL"],
  },
};

export const TRTLLM_RECIPE: Recipe = {
  name: "trtllm",
  description:
    "TensorRT-LLM accuracy suite ZeroScrolls: summarize.py --eval_task summarize_long (squality validation rows, " +
    "the input stripped, first 24,576 tokens with special tokens), max_tokens 8192, greedy; rouge1 × 100",
  sources: [
    { repository: "NVIDIA/TensorRT-LLM", path: "examples/summarize.py", pin: TRTLLM_SUMMARIZE_COMMIT },
    {
      repository: "NVIDIA/TensorRT-LLM",
      path: "tests/integration/defs/accuracy/accuracy_core.py",
      pin: TRTLLM_ACCURACY_CORE_COMMIT,
    },
  ],
  grader: trtllmScorer,
  defaultNShots: 0,
  defaultParams: { maxTokens: 8192, temperature: 0 },
  defaultEndpointType: "completions",
  headline: { metric: "rouge1", scale: 100, higherIsBetter: true },
  // accuracy_core.py `ZeroScrolls` (NUM_SAMPLES 80, "Full sample").
  taskParams: { alpha: 0.002, beta: 0.2, sigma: 6.97, numSamples: 80 },
};

export const ZEROSCROLLS_RECIPES = [OFFICIAL_RECIPE, TRTLLM_RECIPE] as const;

export function isTrtllmRecipe(recipe: Pick<Recipe, "name"> | undefined): boolean {
  return recipe?.name === TRTLLM_RECIPE.name;
}
