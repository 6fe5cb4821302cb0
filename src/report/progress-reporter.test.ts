// The progress reporter on a stream that is not a TTY (a plain line at most every 10 s, on a fake clock) and on a
// TTY (a bar redrawn in place): `run`'s samples, `profile`'s requests, a duration profile's time.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { sampleRecord } from "../core/test-support/sample-record.js";
import { createProgressReporter } from "./progress-reporter.js";

function fakeStream(isTty: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk.toString());
        callback();
      },
    }),
    { isTTY: isTty, columns: 120 },
  );
  return { stream, text: () => chunks.join(""), lines: () => chunks.join("").split("\n").filter(Boolean) };
}

const sample = (index: number, correct: boolean, status: SampleRecord["status"] = "ok"): SampleRecord =>
  sampleRecord({ benchmark: "gsm8k", id: `test/${index}`, task: "gsm8k", status, correct, gold: "42" });

describe("createProgressReporter, not a TTY", () => {
  it("run: a line at the start, at most one per 10 s, and at the end; accuracy over the graded samples", () => {
    const { stream, lines } = fakeStream(false);
    let nowMs = 0;
    const reporter = createProgressReporter({ stream, now: () => nowMs });
    reporter.onRunStart?.({
      runDir: "results/r",
      model: "m",
      benchmarks: [{ name: "gsm8k", samples: 30 }],
      toRequest: 30,
      alreadyDone: 0,
    });
    for (let index = 0; index < 30; index++) {
      nowMs += 1_000;
      reporter.onSampleEnd?.(sample(index, index % 2 === 0, index === 29 ? "error" : "ok"));
    }
    reporter.onRunEnd?.({});
    expect(lines()).toEqual([
      "Run results/r",
      "Model m: gsm8k (30); 30 requests",
      "[progress] 0/30 done, accuracy -, 0.0 req/s, elapsed 0:00, ETA --:--",
      "[progress] 10/30 done, accuracy 50.0%, 1.0 req/s, elapsed 0:10, ETA 0:20",
      "[progress] 20/30 done, accuracy 50.0%, 1.0 req/s, elapsed 0:20, ETA 0:10",
      "[progress] 30/30 done, accuracy 51.7%, 1.0 req/s, elapsed 0:30, ETA 0:00  failed 1",
      "[progress] 30/30 done, accuracy 51.7%, 1.0 req/s, elapsed 0:30, ETA 0:00  failed 1",
    ]);
  });

  it("profile: requests ended of those planned, and the running accuracy of a benchmark workload", () => {
    const { stream, lines } = fakeStream(false);
    let nowMs = 0;
    const reporter = createProgressReporter({ stream, now: () => nowMs });
    reporter.onLoadStart?.({
      runDir: "results/p",
      model: "m",
      workload: "gsm8k (20 samples)",
      requests: 24,
      durationMs: undefined,
      isGraded: true,
    });
    for (let index = 0; index < 24; index++) {
      nowMs += 500;
      reporter.onRequestEnd?.({ isOk: index !== 3 });
      // The first 4 are warmup requests: ended, not graded.
      if (index >= 4 && index !== 3) reporter.onSampleEnd?.(sample(index, index % 4 === 0));
    }
    reporter.onRunEnd?.({});
    expect(lines()).toEqual([
      "Profile results/p",
      "Model m: gsm8k (20 samples); 24 requests",
      "[progress] 0/24 done, accuracy -, 0.0 req/s, elapsed 0:00, ETA --:--",
      // Request 20 has ended but is not graded yet: 4 of the 15 graded so far.
      "[progress] 20/24 done, accuracy 26.7%, 2.0 req/s, elapsed 0:10, ETA 0:02  failed 1",
      "[progress] 24/24 done, accuracy 25.0%, 2.0 req/s, elapsed 0:12, ETA 0:00  failed 1",
    ]);
  });

  it("profile --duration: elapsed of the duration, requests ended, no accuracy for synthetic prompts", () => {
    const { stream, lines } = fakeStream(false);
    let nowMs = 0;
    const reporter = createProgressReporter({ stream, now: () => nowMs });
    reporter.onLoadStart?.({
      runDir: "results/p",
      model: "m",
      workload: "synthetic prompts (ISL 550, OSL 150)",
      requests: undefined,
      durationMs: 60_000,
      isGraded: false,
    });
    for (let index = 0; index < 50; index++) {
      nowMs += 250;
      reporter.onRequestEnd?.({ isOk: true });
    }
    expect(lines()).toEqual([
      "Profile results/p",
      "Model m: synthetic prompts (ISL 550, OSL 150); for 1:00",
      "[progress] 0:00/1:00 elapsed, 0 requests done, 0.0 req/s, ETA 1:00",
      "[progress] 0:10/1:00 elapsed, 40 requests done, 4.0 req/s, ETA 0:50",
    ]);
  });
});

describe("createProgressReporter, a TTY", () => {
  it("redraws one bar in place and clears it before a warning", () => {
    const { stream, text } = fakeStream(true);
    let nowMs = 0;
    const reporter = createProgressReporter({ stream, now: () => nowMs });
    reporter.onLoadStart?.({
      runDir: "d",
      model: "m",
      workload: "w",
      requests: 4,
      durationMs: undefined,
      isGraded: false,
    });
    nowMs += 1_000;
    reporter.onRequestEnd?.({ isOk: true });
    nowMs += 1_000;
    reporter.onRequestEnd?.({ isOk: true });
    reporter.onWarning?.("slow");
    reporter.finish();
    const output = text();
    expect(output).toContain("\r\x1b[2K███████████████░░░░░░░░░░░░░░░ 2/4  1.0 req/s  ETA 0:02");
    expect(output).not.toContain("acc");
    expect(output).toContain("\r\x1b[2Kwarning: slow\n");
    expect(output.split("\n")).not.toContain("[progress]");
  });
});

describe("createProgressReporter, downloads and --quiet", () => {
  it("not a TTY: a download's first line, one a plain interval, and its end, with the speed", () => {
    const { stream, lines } = fakeStream(false);
    let nowMs = 0;
    const reporter = createProgressReporter({ stream, now: () => nowMs });
    const total = 40e6;
    for (let second = 0; second <= 20; second++) {
      nowMs = second * 1_000;
      reporter.onDatasetProgress?.({
        kind: "download",
        label: "data.parquet",
        bytesDone: second * 2e6,
        bytesTotal: total,
      });
    }
    expect(lines()).toEqual([
      "downloading data.parquet: 0.0 MB of 40.0 MB",
      "downloading data.parquet: 20.0 MB of 40.0 MB, 2.0 MB/s",
      "downloading data.parquet: 40.0 MB of 40.0 MB, 2.0 MB/s",
    ]);
  });

  it("quiet: no heading, bar, progress or download lines; warnings still", () => {
    const { stream, text } = fakeStream(true);
    const reporter = createProgressReporter({ stream, quiet: true });
    reporter.onRunStart?.({
      runDir: "results/r",
      model: "m",
      benchmarks: [{ name: "gsm8k", samples: 2 }],
      toRequest: 2,
      alreadyDone: 0,
    });
    reporter.onDatasetProgress?.({ kind: "download", label: "x", bytesDone: 1, bytesTotal: 2 });
    reporter.onImageProgress?.({ image: "python:3.11", action: "pull", message: "pulling" });
    reporter.onSampleEnd?.(sample(0, true));
    reporter.onWarning?.("the server is slow");
    reporter.onRunEnd?.({});
    expect(text()).toBe("warning: the server is slow\n");
  });
});
