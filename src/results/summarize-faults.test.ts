// A run's fault totals from its journal records: retries, faults by class, and the samples still failed by class.
import { describe, expect, it } from "vitest";
import { sampleRecord as record } from "../core/test-support/sample-record.js";
import { faultLine } from "../report/fault-line.js";
import { addFaultSummaries, summarizeFaults } from "./summarize-faults.js";

describe("summarizeFaults", () => {
  it("counts retries, faults by class and the samples that failed after their retries", () => {
    const summary = summarizeFaults([
      record({}),
      record({ attempts: 3, faults: { http_503: 1, stream_reset: 1, missing_done: 1 } }),
      record({ attempts: 1, faults: { wrong_content_type: 1 } }),
      record({
        status: "timeout",
        attempts: 2,
        faults: { timeout_idle: 2 },
        error: { code: "E_REQUEST_TIMEOUT", message: "stalled", fault: "timeout_idle" },
      }),
      // A journal line from before faults were counted still reads.
      record({ status: "error", attempts: 3, error: { code: "E_CONNECTION", message: "refused" } }),
    ]);
    expect(summary).toEqual({
      requests_retried: 2 + 1 + 2,
      samples_retried: 3,
      by_class: { http_503: 1, missing_done: 1, stream_reset: 1, timeout_idle: 2, wrong_content_type: 1 },
      samples_failed: 2,
      failed_by_class: { E_CONNECTION: 1, timeout_idle: 1 },
    });
    expect(addFaultSummaries([summary, summary]).by_class["timeout_idle"]).toBe(4);
    expect(faultLine(summary)).toBe(
      "faults: 5 requests retried (3 samples); http_503 ×1, missing_done ×1, stream_reset ×1, timeout_idle ×2, " +
        "wrong_content_type ×1; 2 samples failed after their retries\n",
    );
  });

  it("prints nothing when nothing went wrong", () => {
    expect(faultLine(summarizeFaults([record({}), record({ id: "2" })]))).toBe("");
  });
});
