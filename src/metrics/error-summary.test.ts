// A profile's errors in aiperf's error_summary shape.
import { describe, expect, it } from "vitest";
import { errorSummary } from "./error-summary.js";

describe("errorSummary", () => {
  it("lists each class with its count, most frequent first, the HTTP status as the code", () => {
    expect(errorSummary({ stream_reset: 2, http_503: 5, timeout_idle: 2 })).toEqual([
      { error_details: { code: 503, type: "http_503", message: "HTTP 503" }, count: 5 },
      {
        error_details: {
          code: null,
          type: "stream_reset",
          message: "the connection was reset or closed after the answer began",
        },
        count: 2,
      },
      {
        error_details: {
          code: null,
          type: "timeout_idle",
          message: "a gap between answer chunks longer than --idle-timeout",
        },
        count: 2,
      },
    ]);
  });
});
