// Every per-request formula on hand-computed timings.
import { describe, expect, it } from "vitest";
import type { GenerationResult } from "../core/generation.js";
import { computeRequestMetrics, errorClass } from "./request-metrics.js";

function result(overrides: Partial<GenerationResult> = {}): GenerationResult {
  return {
    status: "ok",
    text: "abcd",
    reasoning: "",
    isThinkUnclosed: false,
    finishReason: "stop",
    usage: { promptTokens: 12, completionTokens: 5 },
    // Sent at 1000; first byte 1040; deltas at 1100 (reasoning), 1110, 1130, 1160, 1200; end 1210.
    timings: {
      sentMs: 1000,
      firstByteMs: 1040,
      firstContentMs: 1100,
      firstAnswerMs: 1110,
      deltaTimesMs: [1100, 1110, 1130, 1160, 1200],
      endMs: 1210,
    },
    attempts: 1,
    ...overrides,
  };
}

describe("computeRequestMetrics", () => {
  it("computes each metric from the timings", () => {
    const metrics = computeRequestMetrics(result(), { intendedMs: 990, readyMs: 995 });
    expect(metrics).toEqual({
      queueMs: 10, // 1000 − 990
      sendLagMs: 5, // 1000 − 995
      timeToFirstByteMs: 40,
      ttftMs: 100,
      timeToFirstOutputTokenMs: 110,
      timeToSecondTokenMs: 10, // 1110 − 1100
      itlMs: 27.5, // (210 − 100) / (5 − 1)
      tpotMs: 27.5,
      e2eLatencyMs: 210,
      outputTokensPerSecondPerUser: 4 / 0.11,
      outputTokensPerSecond: 5 / 0.21,
      inputTokensPerSecond: 12 / 0.1,
      inputTokens: 12,
      outputTokens: 5,
      isOutputTokensCounted: false,
      chunks: 5,
      errorClass: null,
    });
  });

  it("counts the chunks and flags it when the server sends no usage", () => {
    const metrics = computeRequestMetrics(result({ usage: {} }), { intendedMs: 1000, readyMs: 1000 });
    expect(metrics.outputTokens).toBe(5);
    expect(metrics.isOutputTokensCounted).toBe(true);
    expect(metrics.inputTokens).toBeNull();
  });

  it("uses the server's token count, not the chunk count, for ITL", () => {
    const metrics = computeRequestMetrics(result({ usage: { completionTokens: 12 } }), {
      intendedMs: 1000,
      readyMs: 1000,
    });
    expect(metrics.itlMs).toBe(10); // (210 − 100) / 11
  });

  it("leaves ITL and the second token empty for a one-token answer", () => {
    const metrics = computeRequestMetrics(
      result({
        usage: { completionTokens: 1 },
        timings: { sentMs: 0, firstContentMs: 30, deltaTimesMs: [30], endMs: 35 },
      }),
      { intendedMs: 0, readyMs: 0 },
    );
    expect(metrics).toMatchObject({
      ttftMs: 30,
      itlMs: null,
      tpotMs: null,
      timeToSecondTokenMs: null,
      timeToFirstByteMs: null,
      timeToFirstOutputTokenMs: null,
      outputTokensPerSecondPerUser: null,
      e2eLatencyMs: 35,
    });
  });
});

describe("errorClass", () => {
  it("classes failures by HTTP status, timeout, or code", () => {
    const error = (status: GenerationResult["status"], httpStatus?: number, code = "E_X") =>
      errorClass(status, { code, ...(httpStatus === undefined ? {} : { httpStatus }) });
    expect(errorClass("ok", undefined)).toBeNull();
    // A journal record's error names the status `http_status`.
    expect(errorClass("error", { code: "E_HTTP", http_status: 503 })).toBe("http_503");
    expect(error("error", 429)).toBe("http_429");
    expect(error("timeout")).toBe("timeout");
    expect(error("error", undefined, "E_CONNECTION")).toBe("E_CONNECTION");
  });
});
