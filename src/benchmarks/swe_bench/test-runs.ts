// The test runs of one evaluation and what they found: the spec's pytest runs (FAIL_TO_PASS, then the first
// PASS_TO_PASS) and SWE-bench's official test command, each parsed into one status map.

import type { ExecResult, SampleContainer } from "../../containers/types.js";
import { shellQuote } from "../../core/shell-quote.js";
import { outputOf, runStep, tail } from "./container-steps.js";
import { type LogParser, parseLogPytest, type TestStatusMap } from "./log-parsers.js";
import type { OfficialTestSpec } from "./official-test-specs.js";
import { testDirectives } from "./test-directives.js";

export interface TestRun {
  readonly command: string;
  readonly status: ExecResult["status"];
  readonly exitCode: number | null;
  readonly durationMs: number;
  readonly outputTail: string;
  readonly isOutputTruncated: boolean;
  readonly isOutOfMemory: boolean;
}

export interface TestRunsResult {
  readonly statuses: TestStatusMap;
  readonly runs: readonly TestRun[];
  /** True when a run was stopped at the time limit. */
  readonly isTimedOut: boolean;
}

export interface TestRunOptions {
  /** For all the runs of one evaluation together. */
  readonly timeoutMs: number;
  readonly outputBytes: number;
  readonly signal?: AbortSignal;
}

function testRun(command: string, result: ExecResult): TestRun {
  return {
    command,
    status: result.status,
    exitCode: result.exitCode,
    durationMs: Math.round(result.durationMs),
    outputTail: tail(outputOf(result)),
    isOutputTruncated: result.isTruncated,
    isOutOfMemory: result.isOutOfMemory,
  };
}

/** The spec's command for some tests: `python -m pytest -rA <ids>`, run in /testbed. */
export function specTestCommand(tests: readonly string[]): string {
  return `python -m pytest -rA ${tests.map(shellQuote).join(" ")}`;
}

/**
 * The spec's runs: FAIL_TO_PASS, then `passToPass` (already cut to the first 10), each with pytest, results read from
 * its `-rA` summary with SWE-bench's `parse_log_pytest`. An empty group is not run.
 */
export async function runSpecTests(
  container: SampleContainer,
  groups: { readonly failToPass: readonly string[]; readonly passToPass: readonly string[] },
  options: TestRunOptions,
): Promise<TestRunsResult> {
  const statuses: TestStatusMap = new Map();
  const runs: TestRun[] = [];
  const deadline = performance.now() + options.timeoutMs;
  for (const tests of [groups.failToPass, groups.passToPass]) {
    if (tests.length === 0) continue;
    const remainingMs = Math.max(1, Math.round(deadline - performance.now()));
    const command = specTestCommand(tests);
    const result = await runStep(container, command, { ...options, timeoutMs: remainingMs });
    runs.push(testRun(command, result));
    for (const [test, status] of parseLogPytest(outputOf(result))) statuses.set(test, status);
    if (result.status === "timeout") return { statuses, runs, isTimedOut: true };
  }
  return { statuses, runs, isTimedOut: false };
}

/** The preamble of SWE-bench's eval script: its conda environment, /testbed, the spec's `eval_commands`. */
export function officialPreamble(spec: OfficialTestSpec): string {
  return [
    "source /opt/miniconda3/bin/activate",
    "conda activate testbed",
    "cd /testbed",
    ...spec.evalCommands,
  ].join("\n");
}

/** SWE-bench's test command for the instance: `test_cmd` and the test patch's directives. */
export function officialTestCommand(spec: OfficialTestSpec, repo: string, testPatch: string): string {
  return [spec.testCommand, ...testDirectives(repo, testPatch)].join(" ");
}

/** SWE-bench's official run: one test command over the test patch's files, parsed with the repository's parser. */
export async function runOfficialTests(
  container: SampleContainer,
  test: {
    readonly spec: OfficialTestSpec;
    readonly repo: string;
    readonly testPatch: string;
    readonly parser: LogParser;
  },
  options: TestRunOptions,
): Promise<TestRunsResult> {
  const command = officialTestCommand(test.spec, test.repo, test.testPatch);
  const script = `set -uxo pipefail\n${officialPreamble(test.spec)}\n${command}`;
  const result = await runStep(container, script, options);
  return {
    statuses: test.parser(outputOf(result)),
    runs: [testRun(command, result)],
    isTimedOut: result.status === "timeout",
  };
}
