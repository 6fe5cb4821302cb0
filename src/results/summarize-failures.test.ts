// Failure classes with counts and an example, and which of them a retry can fix.
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { isRetryableClass, summarizeFailures } from "./summarize-failures.js";

const failed = (error: SampleRecord["error"], status: SampleRecord["status"] = "error") =>
  ({ status, error }) as SampleRecord;

describe("summarizeFailures", () => {
  it("counts each class, keeps its first message, most frequent first, and skips graded samples", () => {
    const context = "HTTP 400: This model's maximum context length is 4096 tokens";
    const records = [
      failed({ code: "E_HTTP", message: context, http_status: 400 }),
      failed({ code: "E_CONNECTION", message: "Connection failed: ECONNREFUSED" }),
      failed({ code: "E_HTTP", message: "HTTP 400: second", http_status: 400 }),
      failed(null, "timeout"),
      { status: "ok", error: null } as SampleRecord,
    ];
    expect(summarizeFailures(records)).toEqual([
      { errorClass: "http_400", count: 2, example: context, isRetryable: false },
      { errorClass: "E_CONNECTION", count: 1, example: "Connection failed: ECONNREFUSED", isRetryable: true },
      { errorClass: "timeout", count: 1, example: "timeout", isRetryable: true },
    ]);
  });

  it.each([
    ["timeout", true],
    ["E_CONNECTION", true],
    ["E_PROTOCOL", true],
    ["http_429", true],
    ["http_503", true],
    ["http_408", true],
    ["http_400", false],
    ["http_404", false],
    ["E_NO_CHAT_TEMPLATE", false],
    ["E_REQUEST_INVALID", false],
  ])("%s retryable: %s", (name, isRetryable) => {
    expect(isRetryableClass(name)).toBe(isRetryable);
  });
});
