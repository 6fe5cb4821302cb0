// The byte-written export line parses back to the record object it stands for, times rounded to the microsecond
// (a shard's line with its chunks' times too).
import { describe, expect, it } from "vitest";
import type { RequestMetrics } from "../metrics/request-metrics.js";
import { JsonLineBytes } from "../results/json-line-bytes.js";
import { writeProfileExportLine } from "./profile-export-line.js";
import type { EndedRequest } from "./profile-recorder.js";

/** A time as the line holds it: to the microsecond; null for null, NaN and ±Infinity (as JSON.stringify). */
function ms(value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return Math.abs(value) >= 1e12 ? value : Math.round(value * 1000) / 1000 || 0;
}

/** A count as the line holds it (a count that is not an integer, as a time). */
function count(value: number | null): number | null {
  return value !== null && Number.isSafeInteger(value) ? value || 0 : ms(value);
}

/** The record object the line stands for (the reference). */
function referenceRecord(ended: EndedRequest, isWarmup: boolean, warmup: number, runStartMs: number) {
  const { index, metrics } = ended;
  return {
    index,
    item: isWarmup ? index : index - warmup,
    is_warmup: isWarmup,
    status: ended.status,
    error_class: metrics.errorClass,
    error: ended.error,
    finish_reason: ended.finishReason,
    intended_at_ms: ms(ended.intendedMs - runStartMs),
    sent_at_ms: ms(ended.sentMs - runStartMs),
    queue_ms: ms(metrics.queueMs),
    send_lag_ms: ms(metrics.sendLagMs),
    time_to_first_byte_ms: ms(metrics.timeToFirstByteMs),
    ttft_ms: ms(metrics.ttftMs),
    time_to_first_output_token_ms: ms(metrics.timeToFirstOutputTokenMs),
    time_to_second_token_ms: ms(metrics.timeToSecondTokenMs),
    itl_ms: ms(metrics.itlMs),
    tpot_ms: ms(metrics.tpotMs),
    e2e_latency_ms: ms(metrics.e2eLatencyMs),
    input_tokens: count(metrics.inputTokens),
    target_input_tokens: count(ended.targetInputTokens),
    output_tokens: metrics.outputTokens,
    output_tokens_counted: metrics.isOutputTokensCounted,
    chunks: metrics.chunks,
  };
}

const NUMBERS = [0, -0, 1, 12.345678901234567, -3.5, 1e21, 1e-7, 123456789.123, Number.NaN, Infinity];
const STRINGS = [null, "", 'quote " and \\ backslash', "line\nbreak\t\u0001", "é 東京 😀 \ud83d", "http_429"];

function pick<T>(values: readonly T[], at: number): T {
  const value = values[at % values.length];
  if (value === undefined) throw new Error("empty");
  return value;
}

function ended(at: number): EndedRequest {
  const number = (offset: number) => pick(NUMBERS, at + offset);
  const nullable = (offset: number) => ((at + offset) % 4 === 0 ? null : number(offset));
  const metrics: RequestMetrics = {
    queueMs: number(1),
    sendLagMs: number(2),
    timeToFirstByteMs: nullable(3),
    ttftMs: nullable(4),
    timeToFirstOutputTokenMs: nullable(5),
    timeToSecondTokenMs: nullable(6),
    itlMs: nullable(7),
    tpotMs: nullable(8),
    e2eLatencyMs: number(9),
    outputTokensPerSecondPerUser: nullable(10),
    outputTokensPerSecond: nullable(12),
    inputTokensPerSecond: nullable(13),
    inputTokens: nullable(11),
    outputTokens: at % 300,
    isOutputTokensCounted: at % 2 === 0,
    chunks: at % 7,
    errorClass: pick(STRINGS, at + 1),
  };
  return {
    index: at,
    status: pick(["ok", "error", "timeout", "aborted"] as const, at),
    metrics,
    intendedMs: 1000 + number(12),
    sentMs: 1000.25 + at / 3,
    deltaTimesMs: Array.from({ length: at % 7 }, (_, chunk) => 1000.25 + at / 3 + 12.3456789 * (chunk + 1)),
    error: pick(STRINGS, at + 2),
    finishReason: pick(STRINGS, at + 3),
    targetInputTokens: at % 3 === 0 ? null : at,
  };
}

describe("writeProfileExportLine", () => {
  it("writes one JSON object per line that parses back to the record, keys in the record's order", () => {
    const out = new JsonLineBytes(64);
    const expected: unknown[] = [];
    for (let at = 0; at < 2000; at++) {
      const request = ended(at);
      const warmup = at % 5;
      const isWarmup = request.index < warmup;
      const runStartMs = at % 2 === 0 ? 1000 : 999.875;
      // Every third line as a shard writes it: with the chunks' times after the send, and a resume's index base.
      const isChunkTimed = at % 3 === 0;
      const indexBase = at % 3 === 1 ? 7 : 0;
      writeProfileExportLine(out, request, isWarmup, warmup, runStartMs, { isChunkTimed, indexBase });
      out.newline();
      const reference = referenceRecord(request, isWarmup, warmup, runStartMs);
      expected.push({
        ...reference,
        index: reference.index + indexBase,
        ...(isChunkTimed
          ? { chunk_times_ms: Array.from(request.deltaTimesMs, (timeMs) => ms(timeMs - request.sentMs)) }
          : {}),
      });
    }
    const lines = out.take().toString("utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, at) => {
      const parsed: unknown = JSON.parse(line);
      expect(parsed).toEqual(expected[at]);
      expect(Object.keys(parsed as object)).toEqual(Object.keys(expected[at] as object));
    });
  });
});
