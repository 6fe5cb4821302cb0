// Where terminal_bench's behaviour was read: Terminal-Bench's harness, parsers and task model (a vendored copy of
// laude-institute/terminal-bench inside finyorko/longcli-bench, the only snapshot of them in reach), the registry's
// pinned task sets, and the task folders' layout (the terminal-bench-datasets registry fork the staged data is from).
import type { RecipeSource } from "../types.js";

/** finyorko/longcli-bench at the commit read; its `tasks_long_cli/terminal-bench_task/terminal-bench/` is Terminal-Bench 0.2.x. */
export const LONGCLI_COMMIT = "deb87ccfcb6a82b8fe6e2bdcda0cf2741388fc55";
const VENDORED = "tasks_long_cli/terminal-bench_task/terminal-bench";

/** rese1f/terminal-bench-datasets (a fork of laude-institute/terminal-bench-datasets): the adapters' task folders. */
export const DATASETS_FORK_COMMIT = "17d2b9355d478159b44fa4afe212243acb7c9e21";

/** Terminal-Bench-Core 0.1.1 in registry.json: laude-institute/terminal-bench, branch dataset/terminal-bench-core/v0.1.x, `./tasks`. */
export const CORE_0_1_1_COMMIT = "91e10457b5410f16c44364da1a34cb6de8c488a5";

/** A file of Terminal-Bench's harness, as vendored at `LONGCLI_COMMIT`. */
export function terminalBenchSource(path: string): RecipeSource {
  return { repository: "finyorko/longcli-bench", path: `${VENDORED}/${path}`, pin: LONGCLI_COMMIT };
}

/** How to get task folders, for the error a run without `--data-dir` gets and the README. */
export const GET_TASKS_HELP = [
  "Terminal-Bench publishes its tasks as git repositories, not as a Hugging Face dataset: clone them and pass --data-dir.",
  `  Terminal-Bench-Core 0.1.1 (registry.json): git clone -b dataset/terminal-bench-core/v0.1.x https://github.com/laude-institute/terminal-bench && git -C terminal-bench checkout ${CORE_0_1_1_COMMIT} && llm-bench run terminal_bench --data-dir terminal-bench/tasks`,
  "  An adapter's tasks (evoeval, swebench-verified, aider_polyglot, …): git clone https://github.com/laude-institute/terminal-bench-datasets && llm-bench run terminal_bench --data-dir terminal-bench-datasets/datasets/evoeval",
].join("\n");
