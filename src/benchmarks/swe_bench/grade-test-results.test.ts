// SWE-bench's grading rule: PASSED/XFAIL pass, FAILED/ERROR/absent fail, SKIPPED neither.
import { describe, expect, it } from "vitest";
import { describeFailing, gradeTestGroup } from "./grade-test-results.js";

describe("gradeTestGroup", () => {
  const statuses = new Map([
    ["a", "PASSED"],
    ["b", "XFAIL"],
    ["c", "FAILED"],
    ["d", "ERROR"],
    ["e", "SKIPPED"],
  ]);

  it("passes a group of passing, xfailed and skipped tests", () => {
    const group = gradeTestGroup(["a", "b", "e"], statuses);
    expect(group).toEqual({ results: { a: "PASSED", b: "XFAIL", e: "SKIPPED" }, failing: [], passed: true });
  });

  it("fails on a failed, errored or missing test, naming each", () => {
    const group = gradeTestGroup(["a", "c", "d", "z"], statuses);
    expect(group.passed).toBe(false);
    expect(group.failing).toEqual(["c", "d", "z"]);
    expect(group.results["z"]).toBe("missing");
    expect(describeFailing(group)).toBe("c (FAILED), d (ERROR), z (missing)");
    expect(describeFailing(group, 1)).toBe("c (FAILED) and 2 more");
  });

  it("passes an empty group", () => {
    expect(gradeTestGroup([], statuses).passed).toBe(true);
  });
});
