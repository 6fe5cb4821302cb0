// A task's tests in its container, as Terminal-Bench's harness runs them after the agent (`_setup_test_env` and
// `_run_tests` in terminal_bench/harness/harness.py @ LONGCLI_COMMIT): run-tests.sh and the contents of tests/ are
// copied to /tests, `bash /tests/run-tests.sh` runs in a fresh shell in the container's working directory (the
// agent's last directory when the task runs its tests in the agent's shell) under max_test_timeout_sec, and its
// output is parsed with the task's parser.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ExecResult, SampleContainer } from "../../containers/types.js";
import { type ParsedTests, parseTestOutput } from "./parse-test-output.js";
import type { TerminalBenchSample } from "./terminal-bench-sample.js";

/** Where Terminal-Bench puts the tests (`DockerComposeManager.CONTAINER_TEST_DIR`), also `$TEST_DIR`. */
export const CONTAINER_TEST_DIR = "/tests";
/** The tests' combined output, kept in the container while they run. */
const TEST_LOG = "/tmp/llm-bench-tests.log";
/** The end of the output that is parsed (Terminal-Bench parses its pane, whose history holds 50,000 lines). */
const TEST_OUTPUT_BYTES = 8 * 1024 * 1024;
/** The end of the output kept in the sample's details. */
const TAIL_CHARACTERS = 4000;

export interface TaskTestsResult {
  /** "timeout": the tests ran past max_test_timeout_sec (Terminal-Bench's TEST_TIMEOUT: not resolved). */
  readonly status: "ran" | "timeout";
  readonly parsed: ParsedTests;
  readonly exec: ExecResult;
  readonly output: string;
}

export async function runTaskTests(
  sample: TerminalBenchSample,
  container: SampleContainer,
  agentCwd: string | undefined,
  signal?: AbortSignal,
): Promise<TaskTestsResult> {
  const runTests = await readFile(path.join(sample.taskDirectory, "run-tests.sh"));
  await container.putFiles(CONTAINER_TEST_DIR, [{ path: "run-tests.sh", content: runTests, mode: 0o755 }]);
  if (sample.hasTestsDirectory)
    await container.putDirectory(path.join(sample.taskDirectory, "tests"), CONTAINER_TEST_DIR);
  const workdir = sample.config.run_tests_in_same_shell ? agentCwd : sample.workdir;
  // As root, as Terminal-Bench's harness runs them, whatever USER the task's Dockerfile leaves.
  const exec = await container.exec(`bash ${CONTAINER_TEST_DIR}/run-tests.sh > ${TEST_LOG} 2>&1`, {
    shell: "bash",
    user: "root",
    timeoutMs: sample.config.max_test_timeout_sec * 1000,
    env: { ...sample.environment, TEST_DIR: CONTAINER_TEST_DIR },
    ...(workdir === undefined ? {} : { workdir }),
    ...(signal === undefined ? {} : { signal }),
  });
  if (exec.status === "aborted") throw signal?.reason ?? new Error("the run was stopped");
  const tail = await container.exec(["tail", "-c", String(TEST_OUTPUT_BYTES), TEST_LOG], {
    outputBytes: TEST_OUTPUT_BYTES,
  });
  const output = tail.status === "ok" ? tail.stdout : "";
  if (exec.status === "timeout")
    return {
      status: "timeout",
      parsed: {
        status: "parse_error",
        reason: `the tests ran past max_test_timeout_sec (${sample.config.max_test_timeout_sec} s)`,
      },
      exec,
      output,
    };
  return { status: "ran", parsed: parseTestOutput(sample.parser, output), exec, output };
}

/** The last characters of the tests' output, for the sample's details. */
export function outputTail(output: string): string {
  return output.length <= TAIL_CHARACTERS ? output : output.slice(-TAIL_CHARACTERS);
}
