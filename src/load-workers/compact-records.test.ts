import { describe, expect, it } from "vitest";
import {
  COMPACT_WIDTH,
  CompactRecordBuffer,
  type CompactRecordInput,
  compactBatchSize,
  readCompactRecord,
  shiftTimings,
} from "./compact-records.js";

const record = (index: number): CompactRecordInput => ({
  index,
  intendedMs: 10 * index,
  sentMs: 10 * index + 1,
  firstByteMs: 10 * index + 2,
  firstContentMs: 10 * index + 3,
  secondContentMs: Number.NaN,
  endMs: 10 * index + 9,
  inputTokens: 5,
  outputTokens: index,
  chunkCount: index + 1,
  statusCode: index % 2,
  isCountEstimated: 0,
});

describe("CompactRecordBuffer", () => {
  it("round-trips records and their delta times through batches, growing past its capacity", () => {
    const buffer = new CompactRecordBuffer(2);
    for (let index = 0; index < 5; index++)
      buffer.push(
        record(index),
        Array.from({ length: index * 20 }, (_, at) => 100 * index + at),
      );
    const batch = buffer.take();
    expect(batch.rows.length).toBe(5 * COMPACT_WIDTH);
    expect(compactBatchSize(batch)).toBe(5);
    expect(buffer.size).toBe(0);
    const third = readCompactRecord(batch, 3);
    expect(third.record).toEqual({
      ...record(3),
      readyMs: Number.NaN,
      firstAnswerMs: Number.NaN,
      targetInputTokens: Number.NaN,
      deltaStart: 0 + 20 + 40,
      deltaCount: 60,
      errorClassRef: -1,
      errorRef: -1,
      finishReasonRef: -1,
      replicaRef: -1,
      replicaFailuresRef: -1,
    });
    expect(third.labels).toEqual({ errorClass: null, error: null, finishReason: null });
    expect([...third.deltaTimesMs]).toEqual(Array.from({ length: 60 }, (_, at) => 300 + at));
    expect(readCompactRecord(batch, 0).deltaTimesMs.length).toBe(0);
    buffer.push(record(7), [1, 2]);
    const next = readCompactRecord(buffer.take(), 0);
    expect(next.record.index).toBe(7);
    expect([...next.deltaTimesMs]).toEqual([1, 2]);
  });

  it("carries a request's replica and the replicas it left through the string table", () => {
    const buffer = new CompactRecordBuffer();
    const labels = { errorClass: null, error: null, finishReason: "stop" };
    buffer.push(record(0), [], {
      ...labels,
      replica: "http://b/v1",
      replicaFailures: "http://a/v1 http://c/v1",
    });
    buffer.push(record(1), [], labels);
    const batch = buffer.take();
    expect(readCompactRecord(batch, 0).labels).toEqual({
      ...labels,
      replica: "http://b/v1",
      replicaFailures: "http://a/v1 http://c/v1",
    });
    expect(readCompactRecord(batch, 1).labels).toEqual(labels);
  });

  it("carries the optional columns and each record's labels through a per-batch string table", () => {
    const buffer = new CompactRecordBuffer();
    buffer.push({ ...record(0), readyMs: 4, firstAnswerMs: 5, targetInputTokens: 32 }, [], {
      errorClass: null,
      error: null,
      finishReason: "length",
    });
    buffer.push(record(1), [], { errorClass: "http_503", error: "busy", finishReason: "length" });
    const batch = buffer.take();
    expect(batch.strings).toEqual(["length", "http_503", "busy"]);
    const first = readCompactRecord(batch, 0);
    expect(first.record).toMatchObject({ readyMs: 4, firstAnswerMs: 5, targetInputTokens: 32 });
    expect(first.labels).toEqual({ errorClass: null, error: null, finishReason: "length" });
    expect(readCompactRecord(batch, 1).labels).toEqual({
      errorClass: "http_503",
      error: "busy",
      finishReason: "length",
    });
    buffer.push(record(2), [], { errorClass: "timeout", error: null, finishReason: null });
    const next = buffer.take();
    expect(next.strings).toEqual(["timeout"]);
    expect(readCompactRecord(next, 0).labels.errorClass).toBe("timeout");
    expect(shiftTimings({ ...record(0), readyMs: 1, firstAnswerMs: 2 }, 10)).toMatchObject({
      readyMs: 11,
      firstAnswerMs: 12,
    });
  });
  it("shifts only the timing columns", () => {
    expect(shiftTimings(record(1), 100)).toEqual({
      ...record(1),
      intendedMs: 110,
      sentMs: 111,
      firstByteMs: 112,
      firstContentMs: 113,
      endMs: 119,
    });
  });
});
