// BFCL's single-turn categories this benchmark runs, the ones it does not (and why), and BFCL's summary groupings.
import type { TaskGroup } from "../../core/task-group.js";

/** BFCL v4's AST categories (non-live, then live), checked by `ast_checker`. */
export const BFCL_AST_CATEGORIES = [
  "simple_python",
  "simple_java",
  "simple_javascript",
  "multiple",
  "parallel",
  "parallel_multiple",
  "live_simple",
  "live_multiple",
  "live_parallel",
  "live_parallel_multiple",
] as const;

/** Categories checked only for whether a call was made (none should be, or one should). */
export const BFCL_RELEVANCE_CATEGORIES = ["irrelevance", "live_irrelevance", "live_relevance"] as const;

export const BFCL_CATEGORIES = [...BFCL_AST_CATEGORIES, ...BFCL_RELEVANCE_CATEGORIES] as const;
export type BfclCategory = (typeof BFCL_CATEGORIES)[number];

export function isBfclCategory(name: string): name is BfclCategory {
  return (BFCL_CATEGORIES as readonly string[]).includes(name);
}

export function isRelevanceCategory(category: string): boolean {
  return (BFCL_RELEVANCE_CATEGORIES as readonly string[]).includes(category);
}

const EXECUTABLE =
  "multi-turn, memory and web-search categories need BFCL's executable backends (stateful Python API classes, a search service, memory stores) and multi-step conversations, which this benchmark does not run.";

/** BFCL v4 categories (and the collection names of their files) that are not run, with why. */
export const BFCL_EXCLUDED_CATEGORIES: Readonly<Record<string, string>> = {
  multi_turn_base: EXECUTABLE,
  multi_turn_miss_func: EXECUTABLE,
  multi_turn_miss_param: EXECUTABLE,
  multi_turn_long_context: EXECUTABLE,
  memory: EXECUTABLE,
  memory_kv: EXECUTABLE,
  memory_vector: EXECUTABLE,
  memory_rec_sum: EXECUTABLE,
  web_search: EXECUTABLE,
  web_search_base: EXECUTABLE,
  web_search_no_snippet: EXECUTABLE,
  format_sensitivity:
    "format_sensitivity re-runs other categories' questions under many prompt formats and reports their spread, not a score of its own; it is not run.",
};

/**
 * BFCL's summary columns (`generate_leaderboard_csv`, eval_runner_helper.py): non-live AST is the unweighted mean
 * of simple (itself the unweighted mean of Python, Java and JavaScript), multiple, parallel and parallel multiple;
 * live AST pools its four categories (weighted by size); irrelevance detection is the unweighted mean of
 * irrelevance and live irrelevance; relevance detection is live relevance.
 */
export const BFCL_TASK_GROUPS: readonly TaskGroup[] = [
  {
    name: "non_live_ast",
    kind: "mean",
    weights: {
      simple_python: 1,
      simple_java: 1,
      simple_javascript: 1,
      multiple: 3,
      parallel: 3,
      parallel_multiple: 3,
    },
  },
  {
    name: "live_ast",
    kind: "pooled",
    tasks: ["live_simple", "live_multiple", "live_parallel", "live_parallel_multiple"],
  },
  { name: "irrelevance_detection", kind: "mean", weights: { irrelevance: 1, live_irrelevance: 1 } },
  { name: "relevance_detection", kind: "pooled", tasks: ["live_relevance"] },
];
