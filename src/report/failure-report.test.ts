// What the console says after a run that did not grade every sample.
import { describe, expect, it } from "vitest";
import { failureReport } from "./failure-report.js";

const resumeCommand = "llm-bench run --resume results/x";

describe("failureReport", () => {
  it("says nothing when every sample was graded", () => {
    expect(failureReport({ failed: 0, unsent: 0, failures: [], resumeCommand })).toBe("");
  });

  it("lists the classes with an example and advises --resume for failures a retry can fix", () => {
    const text = failureReport({
      failed: 3,
      unsent: 100,
      failures: [
        {
          errorClass: "E_CONNECTION",
          count: 3,
          example: "Connection failed: ECONNREFUSED",
          isRetryable: true,
        },
      ],
      serverGone: { failures: 3, example: "Connection failed: ECONNREFUSED" },
      resumeCommand,
    });
    expect(text).toBe(
      "3 samples failed after their retries and were not graded (the accuracy is over the graded samples):\n" +
        "  E_CONNECTION ×3 — e.g. Connection failed: ECONNREFUSED\n" +
        "The server stopped answering: 3 samples in a row could not connect (Connection failed: ECONNREFUSED). " +
        "Sending stopped; what finished is saved.\n" +
        "100 samples were not sent.\n" +
        `Continue with: ${resumeCommand}\n`,
    );
  });

  it("does not advise --resume when every failure would fail the same way", () => {
    const text = failureReport({
      failed: 1,
      unsent: 0,
      failures: [
        { errorClass: "http_400", count: 1, example: `HTTP 400: ${"x".repeat(400)}`, isRetryable: false },
      ],
      resumeCommand,
    });
    expect(text).toMatch(/^1 sample failed after its retries and was not graded/);
    expect(text).toMatch(/http_400 would fail the same way again/);
    expect(text).not.toContain("--resume");
    // Long messages are clipped to one line.
    expect(text.split("\n")[1]).toMatch(/^ {2}http_400 ×1 — e\.g\. HTTP 400: x+…$/);
    expect(text.split("\n")[1]?.length).toBeLessThanOrEqual("  http_400 ×1 — e.g. ".length + 240);
  });
});
