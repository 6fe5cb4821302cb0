// One sample's verdict from what the sandbox gave back: the harness's JSON line (lcb-harness.ts), or a sandbox that
// ended it first. Pass and error codes as LiveCodeBench counts them (LiveCodeBench/LiveCodeBench
// @28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24: evaluation/pass_k_utils.py `np.all(np.array(results) > 0)`;
// evaluation/compute_code_generation_metrics.py `check_correctness`, whose watchdog marks every test -1).
import { z } from "zod";
import type { SandboxResult } from "../../sandbox/types.js";

/**
 * The fields of the sandbox's result this reads: "ok" and "exit" mean the program ended by itself; "aborted" that
 * the caller stopped it; else the sandbox did.
 */
export type LcbRunOutcome = Pick<SandboxResult, "status" | "stdout" | "stderr" | "reason">;

/** The harness's line; lenient about absent fields, strict about results. */
export const lcbHarnessLineSchema = z.object({
  results: z.array(z.union([z.boolean(), z.number().int()])),
  error_code: z.number().int().nullish(),
  error_message: z.string().nullish(),
  error: z.string().nullish(),
  output: z.string().nullish(),
  inputs: z.string().nullish(),
  expected: z.string().nullish(),
  failed_stage: z.enum(["compile", "tests", "harness"]).nullish(),
  execution_time_s: z.number().nullish(),
});
export type LcbHarnessLine = z.infer<typeof lcbHarnessLineSchema>;

export type LcbVerdictReason =
  | "passed"
  | "wrong answer"
  | "time limit"
  | "runtime error"
  | "compile error"
  | "harness printed no result"
  | `harness error: ${string}`
  | `sandbox: ${string}`;

/** What LiveCodeBench records about a failure (its metadata), each text cut to 300 characters by the harness. */
export interface LcbFailure {
  message: string;
  /** `repr()` of the exception. */
  error?: string;
  /** The program's output (stdout, or the returned value's `str()`). */
  output?: string;
  inputs?: string;
  expected?: string;
}

export interface LcbVerdict {
  passed: boolean;
  reason: LcbVerdictReason;
  testsPassed: number;
  testsTotal: number;
  /**
   * LiveCodeBench's code: -1 the sample was stopped from outside (its global watchdog; here the sandbox), -2 wrong
   * answer, -3 time limit, -4 runtime error or a program that did not compile ("Error during testing"), -5 a
   * harness failure. null when it passed or was aborted.
   */
  errorCode: number | null;
  /** LiveCodeBench's per-test list: true per passed test, then the failing test's false or code. */
  results: (boolean | number)[];
  failure?: LcbFailure;
}

const STDERR_TAIL_CHARS = 500;

/** The last non-empty stdout line, if it is the harness's JSON. */
export function parseLcbHarnessLine(stdout: string): LcbHarnessLine | undefined {
  const lines = stdout.split("\n").filter((line) => line.trim() !== "");
  const last = lines.at(-1);
  if (last === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(last);
  } catch {
    return undefined;
  }
  const parsed = lcbHarnessLineSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The verdict of one run of the harness on a problem with `testsTotal` tests. A result line wins whatever the
 * status (LiveCodeBench keeps a result its worker sent before being killed); without one, a sandbox stop counts -1
 * on every test, like LiveCodeBench's watchdog.
 */
export function lcbVerdict(outcome: LcbRunOutcome, testsTotal: number): LcbVerdict {
  if (outcome.status === "aborted") {
    return {
      passed: false,
      reason: `sandbox: ${outcome.reason ?? "aborted"}`,
      testsPassed: 0,
      testsTotal,
      errorCode: null,
      results: [],
    };
  }
  const line = parseLcbHarnessLine(outcome.stdout);
  if (line !== undefined) return lcbVerdictFromLine(line, testsTotal);
  const isSandboxStop = outcome.status !== "ok" && outcome.status !== "exit";
  const stderrTail = outcome.stderr.slice(-STDERR_TAIL_CHARS);
  return {
    passed: false,
    reason: isSandboxStop ? `sandbox: ${outcome.reason ?? outcome.status}` : "harness printed no result",
    testsPassed: 0,
    testsTotal,
    errorCode: -1,
    results: Array.from({ length: testsTotal }, () => -1),
    failure: {
      message: isSandboxStop ? (outcome.reason ?? outcome.status) : "harness printed no result",
      ...(stderrTail === "" ? {} : { error: stderrTail }),
    },
  };
}

/** The verdict a harness line gives: passed when every result is > 0 (true), as `np.all(results > 0)`. */
export function lcbVerdictFromLine(line: LcbHarnessLine, testsTotal: number): LcbVerdict {
  const isPositive = (result: boolean | number) =>
    result === true || (typeof result === "number" && result > 0);
  const passed = line.results.every(isPositive);
  const testsPassed = line.results.filter(isPositive).length;
  if (passed) {
    return { passed, reason: "passed", testsPassed, testsTotal, errorCode: null, results: line.results };
  }
  const failure: LcbFailure = { message: line.error_message ?? "" };
  if (line.error != null) failure.error = line.error;
  if (line.output != null) failure.output = line.output;
  if (line.inputs != null) failure.inputs = line.inputs;
  if (line.expected != null) failure.expected = line.expected;
  return {
    passed,
    reason: failureReason(line),
    testsPassed,
    testsTotal,
    errorCode: line.error_code ?? null,
    results: line.results,
    failure,
  };
}

function failureReason(line: LcbHarnessLine): LcbVerdictReason {
  if (line.failed_stage === "compile") return "compile error";
  if (line.failed_stage === "harness") return `harness error: ${line.error_message ?? "unknown"}`;
  switch (line.error_code) {
    case -2:
      return "wrong answer";
    case -3:
      return "time limit";
    case -4:
      return "runtime error";
    case null:
    case undefined:
      // A false result without a record: call-based answers that compared unequal.
      return "wrong answer";
    default:
      return `harness error: ${line.error_message ?? `error code ${line.error_code}`}`;
  }
}
