// Terminal-Bench (laude-institute/terminal-bench, 1.x task folders): an agent works in each task's container through
// shell commands, then the task's own tests decide; the llm-benchmarker spec's Tier 4 loop (```bash blocks or `$ `
// lines, outputs fed back, up to 15 turns of 1,024 tokens).
import { ConfigError } from "../../errors.js";
import { checkNShots } from "../check-n-shots.js";
import type { Benchmark, LoadedBenchmark, LoadOptions, Recipe, RecipeProgram } from "../types.js";
import { readTerminalBenchTasks } from "./read-terminal-bench-tasks.js";
import { TERMINAL_BENCH_MAX_TURNS } from "./run-agent-loop.js";
import { runTerminalBenchTask } from "./run-terminal-bench-task.js";
import { terminalBenchOracle } from "./terminal-bench-oracle.js";
import { terminalBenchFirstMessage } from "./terminal-bench-prompt.js";
import type { TerminalBenchSample } from "./terminal-bench-sample.js";
import { DATASETS_FORK_COMMIT, GET_TASKS_HELP, terminalBenchSource } from "./terminal-bench-source.js";

export { TERMINAL_BENCH_MAX_TURNS };

/** The git blob id of the llm-benchmarker spec README read (../shared/spec/003_852b0385b2a1215b.txt). */
const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";

const program: RecipeProgram = {
  name: "program terminal_bench",
  kind: "program",
  run: (sample, session, context) =>
    runTerminalBenchTask(sample as TerminalBenchSample, session, context.containers, {
      maxTurns: (sample as TerminalBenchSample).maxTurns,
      ...(context.signal === undefined ? {} : { signal: context.signal }),
    }),
};

const SPEC_RECIPE: Recipe = {
  name: "spec",
  description:
    "llm-benchmarker spec: the task's image, ```bash blocks or `$ ` lines run in it with outputs fed back (10,000 bytes each), up to 15 turns of max_tokens 1024 or DONE; then the task's run-tests.sh, resolved as Terminal-Bench's harness decides",
  sources: [
    { repository: "llm-benchmarker", path: "README.md", pin: SPEC_README },
    terminalBenchSource("terminal_bench/harness/harness.py"),
    terminalBenchSource("terminal_bench/handlers/trial_handler.py"),
    terminalBenchSource("terminal_bench/parsers/pytest_parser.py"),
    terminalBenchSource("terminal_bench/parsers/swebench_parser.py"),
    terminalBenchSource("terminal_bench/terminal/docker_compose_manager.py"),
    terminalBenchSource("terminal_bench/agents/terminus_2/terminus_2.py"),
    terminalBenchSource("registry.json"),
    {
      repository: "rese1f/terminal-bench-datasets",
      path: "datasets/evoeval/24/task.yaml",
      pin: DATASETS_FORK_COMMIT,
    },
  ],
  grader: program,
  defaultNShots: 0,
  defaultParams: { maxTokens: 1024 },
  usesContainers: true,
};

/** Keeps the samples of the tasks (categories) asked for; an unknown one is a ConfigError listing those there are. */
function selectTasks(
  samples: TerminalBenchSample[],
  tasks: readonly string[] | undefined,
): TerminalBenchSample[] {
  if (tasks === undefined || tasks.length === 0) return samples;
  const known = [...new Set(samples.map((sample) => sample.task))].sort();
  const unknown = tasks.filter((task) => !known.includes(task));
  if (unknown.length > 0)
    throw new ConfigError(
      `terminal_bench has no task category ${unknown.join(", ")} in this data dir. Categories: ${known.join(", ")}.`,
    );
  return samples.filter((sample) => tasks.includes(sample.task));
}

export async function loadTerminalBench(options: LoadOptions): Promise<LoadedBenchmark<TerminalBenchSample>> {
  checkNShots("terminal_bench", options.nShots, 0);
  const { dataDir } = options.context;
  if (dataDir === undefined) throw new ConfigError(`terminal_bench needs --data-dir.\n${GET_TASKS_HELP}`);
  const { samples, unsupported } = await readTerminalBenchTasks(
    dataDir,
    options.containerTier?.maxTurns ?? TERMINAL_BENCH_MAX_TURNS,
  );
  const parsers = [...new Set(unsupported.map((each) => each.parser))].sort().join(", ");
  return {
    samples: selectTasks(samples, options.tasks),
    ...(unsupported.length === 0
      ? {}
      : {
          skipped: { count: unsupported.length, reason: `tasks graded by parsers not ported (${parsers})` },
        }),
    // What the program's first request carries (the session puts --system-prompt first, as here).
    buildPrompt: (sample, promptOptions) => ({
      type: "chat",
      messages: [
        ...(promptOptions.systemPrompt === undefined || promptOptions.systemPrompt === ""
          ? []
          : [{ role: "system" as const, content: promptOptions.systemPrompt }]),
        { role: "user", content: terminalBenchFirstMessage(sample.config.instruction) },
      ],
    }),
  };
}

export const terminalBench: Benchmark<TerminalBenchSample> = {
  name: "terminal_bench",
  description:
    "Terminal-Bench: an agent completes each task in its own container with shell commands; the task's tests decide (needs a container engine).",
  dataset: "laude-institute/terminal-bench task folders (--data-dir; a git repository, not a Hub dataset)",
  recipes: [SPEC_RECIPE],
  maxNShots: 0,
  tasks: [],
  hasDataTasks: true,
  endpointTypes: ["chat"],
  facetOrder: { difficulty: ["easy", "medium", "hard", "unknown"] },
  load: loadTerminalBench,
  oracle: terminalBenchOracle,
};
