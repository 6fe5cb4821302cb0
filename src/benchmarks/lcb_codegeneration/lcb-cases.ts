// The grading input of one problem (`cases.json` for lcb-harness.ts) and its whole-sample time budget, as
// LiveCodeBench builds them (LiveCodeBench/LiveCodeBench@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24:
// lcb_runner/benchmarks/code_generation.py `get_evaluation_sample`, evaluation/compute_code_generation_metrics.py
// `check_correctness`).
import type { LcbProblem } from "./lcb-rows.js";

/** testing_util.py `run_test(..., timeout=6)`: seconds per test (signal.alarm), and for compiling the solution. */
export const LCB_DEFAULT_TIMEOUT_SECONDS = 6;

/** What the harness reads from `cases.json`. */
export interface LcbCases {
  /** Public tests first, then private, as `get_evaluation_sample` concatenates them. */
  inputs: string[];
  outputs: string[];
  /** `metadata.get("func_name", None)`: null means stdin mode. */
  fn_name: string | null;
  /** Whole seconds per test (`signal.alarm` takes an int). */
  timeout: number;
}

export function buildLcbCases(
  problem: Pick<LcbProblem, "publicTests" | "privateTests" | "functionName">,
  timeoutSeconds: number = LCB_DEFAULT_TIMEOUT_SECONDS,
): LcbCases {
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) {
    throw new RangeError(`the per-test timeout must be a whole number of seconds ≥ 1, got ${timeoutSeconds}`);
  }
  const tests = [...problem.publicTests, ...problem.privateTests];
  return {
    inputs: tests.map((test) => test.input),
    outputs: tests.map((test) => test.output),
    fn_name: problem.functionName ?? null,
    timeout: timeoutSeconds,
  };
}

/**
 * `check_correctness`'s global watchdog, `(timeout + 1) * len(inputs) + 5` seconds, in ms: the sandbox's wall clock
 * for one sample. A sample killed by it counts as -1 on every test.
 */
export function lcbGlobalTimeoutMs(cases: Pick<LcbCases, "inputs" | "timeout">): number {
  return ((cases.timeout + 1) * cases.inputs.length + 5) * 1000;
}
