// Latency distributions and the bucketed timeline, on hand-made requests whose figures are known.
import { describe, expect, it } from "vitest";
import { bucketMsFor, distribution, type TimedRequest, timeline } from "./serving-figures.js";

const request = (startMs: number, e2eMs: number, errorClass: string | null = null): TimedRequest => ({
  startMs,
  e2eMs,
  ttftMs: errorClass === null ? 10 : null,
  itlMs: null,
  outputTokens: errorClass === null ? 4 : null,
  errorClass,
});

describe("timeline", () => {
  it("counts ended requests and tokens by their end, and shares time in flight over the buckets", () => {
    const data = timeline([request(0, 500), request(500, 1000), request(1200, 100, "http_503")], 1000);
    expect(data.endedRequests).toEqual([1, 2]);
    expect(data.outputTokens).toEqual([4, 4]);
    // 0–500 and 500–1000 in the first second; 1000–1500 and 1200–1300 in the second.
    expect(data.inFlight).toEqual([1, 0.6]);
    expect(data.errorsByClass).toEqual({ http_503: [0, 1] });
  });

  it("picks its bucket from the span: at most 300 buckets, in 1-2-5 steps", () => {
    expect(bucketMsFor(160)).toBe(10);
    expect(bucketMsFor(3000)).toBe(10);
    expect(bucketMsFor(3001)).toBe(20);
    expect(bucketMsFor(299_000)).toBe(1000);
    expect(bucketMsFor(7 * 24 * 3600 * 1000)).toBe(2016 * 1000);
    expect(timeline([request(0, 500), request(500, 1000)]).bucketMs).toBe(10);
    expect(timeline([request(0, 500), request(500, 1000)]).endedRequests).toHaveLength(151);
  });

  it("is empty without requests", () => {
    expect(timeline([])).toEqual({
      bucketMs: 1000,
      endedRequests: [],
      outputTokens: [],
      inFlight: [],
      errorsByClass: {},
    });
  });
});

describe("distribution", () => {
  it("sorts the values, leaves out nulls and rounds to the microsecond", () => {
    expect(distribution([3.0004, null, 1, 2.12345])).toEqual({ count: 3, sortedMs: [1, 2.123, 3] });
  });
});
