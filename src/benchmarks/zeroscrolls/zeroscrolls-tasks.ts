// The ten ZeroSCROLLS tasks (tau/zero_scrolls configs), each with its official metric and the tokens the official
// API runner leaves for the answer (tau-nlp/zero_scrolls experiments/api/api.py
// `dataset_to_leave_tokens_for_generations` @c994676234c624ae32232eda9ee32b0329a37f04).

export const ZEROSCROLLS_TASKS = [
  "gov_report",
  "summ_screen_fd",
  "qmsum",
  "squality",
  "qasper",
  "narrative_qa",
  "quality",
  "musique",
  "space_digest",
  "book_sum_sort",
] as const;

export type ZeroscrollsTask = (typeof ZEROSCROLLS_TASKS)[number];

/** The metric `metrics/zero_scrolls.py` computes for a task. */
export type ZeroscrollsMetric = "rouge" | "f1" | "accuracy" | "exp_similarity" | "concordance_index";

export const TASK_METRIC: Readonly<Record<ZeroscrollsTask, ZeroscrollsMetric>> = {
  gov_report: "rouge",
  summ_screen_fd: "rouge",
  qmsum: "rouge",
  squality: "rouge",
  qasper: "f1",
  narrative_qa: "f1",
  quality: "accuracy",
  musique: "f1",
  space_digest: "exp_similarity",
  book_sum_sort: "concordance_index",
};

/** `APIRunner.summarization_datasets`: no format request is added to their chat prompts. */
export const SUMMARIZATION_TASKS: ReadonlySet<ZeroscrollsTask> = new Set([
  "gov_report",
  "summ_screen_fd",
  "qmsum",
  "squality",
]);

/** `dataset_to_leave_tokens_for_generations`: the answer's token budget, subtracted from the context's. */
export const GENERATION_TOKENS: Readonly<Record<ZeroscrollsTask, number>> = {
  gov_report: 1024,
  summ_screen_fd: 512,
  qmsum: 512,
  qasper: 128,
  narrative_qa: 64,
  quality: 10,
  musique: 32,
  squality: 512,
  space_digest: 36,
  book_sum_sort: 256,
};

export function isZeroscrollsTask(name: string): name is ZeroscrollsTask {
  return (ZEROSCROLLS_TASKS as readonly string[]).includes(name);
}
