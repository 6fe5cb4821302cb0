// FAIL_TO_PASS and PASS_TO_PASS judged from a test run's statuses the way SWE-bench's grading does
// (swebench/harness/grading.py@726c5461e2ef52d83cf1ea2107870a8bb3328d57): a test passes when it is PASSED or XFAIL,
// fails when it is FAILED, ERROR or absent from the log; a SKIPPED test is neither (it does not fail its group).
import type { TestStatusMap } from "./log-parsers.js";

/** The first PASS_TO_PASS tests the spec runs ("up to 10"). */
export const PASS_TO_PASS_LIMIT = 10;

export interface TestGroupResult {
  /** Each test's status as the log gave it, or "missing". */
  readonly results: Readonly<Record<string, string>>;
  /** The tests that failed (FAILED, ERROR, missing), in the instance's order. */
  readonly failing: readonly string[];
  /** True when none failed. */
  readonly passed: boolean;
}

function isPassing(status: string | undefined): boolean {
  return status === "PASSED" || status === "XFAIL";
}

function isFailing(status: string | undefined): boolean {
  return status === undefined || status === "FAILED" || status === "ERROR";
}

/** One group's verdicts. */
export function gradeTestGroup(tests: readonly string[], statuses: TestStatusMap): TestGroupResult {
  const results: Record<string, string> = {};
  const failing: string[] = [];
  for (const test of tests) {
    const status = statuses.get(test);
    results[test] = status ?? "missing";
    if (!isPassing(status) && isFailing(status)) failing.push(test);
  }
  return { results, failing, passed: failing.length === 0 };
}

/** `name (STATUS)` for each failing test, at most `limit`, for a one-line reason. */
export function describeFailing(group: TestGroupResult, limit = 5): string {
  const named = group.failing.slice(0, limit).map((test) => `${test} (${group.results[test] ?? "missing"})`);
  const more = group.failing.length > limit ? ` and ${group.failing.length - limit} more` : "";
  return `${named.join(", ")}${more}`;
}
