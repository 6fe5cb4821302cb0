// A terminal_bench sample: one Terminal-Bench task folder, read at load time (its task.yaml, image, compose settings
// and solution.sh, which the mock server's oracle replays).
import type { BenchmarkSample } from "../types.js";
import type { TerminalBenchParser } from "./parse-test-output.js";
import type { TaskImage } from "./read-compose-file.js";
import type { TerminalBenchTask } from "./terminal-bench-task.js";

export interface TerminalBenchSample extends BenchmarkSample {
  /** The task folder (absolute). */
  readonly taskDirectory: string;
  readonly config: TerminalBenchTask;
  /** The parser its tests' output is read with (one this port has). */
  readonly parser: TerminalBenchParser;
  /** Built from its Dockerfile, or pulled; the spec's `ubuntu:22.04` for a task that gives neither. */
  readonly image: TaskImage;
  /** The compose file's `working_dir`; absent: the image's WORKDIR. */
  readonly workdir?: string;
  /** The compose file's environment for the container (`TEST_DIR=/tests` in the template). */
  readonly environment: Readonly<Record<string, string>>;
  /** The task's solution.sh (the oracle's answer); absent when the task has none. */
  readonly solution?: string;
  /** Answers the model may give before the tests run (`--max-turns`, else TERMINAL_BENCH_MAX_TURNS). */
  readonly maxTurns: number;
  /** True when the task has a `tests/` folder (copied to /tests with run-tests.sh). */
  readonly hasTestsDirectory: boolean;
}
