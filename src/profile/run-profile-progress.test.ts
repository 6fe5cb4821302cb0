// `runProfile` reports its progress: the load's start, every request that ended (warmup included) and each graded
// answer, shown by the progress reporter on a stream that is not a TTY, on a fake clock.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { Backend, GenerationResult } from "../core/generation.js";
import { createProgressReporter } from "../report/progress-reporter.js";
import { runProfile } from "./run-profile.js";

describe("runProfile progress", () => {
  it("counts requests ended of those planned and shows the benchmark's running accuracy", async () => {
    let clockMs = 0;
    // Each answer takes 4 s of the fake clock; "36" is right for one of GSM8K's four fixture questions.
    const backend: Backend = {
      name: "fake",
      async generate(): Promise<GenerationResult> {
        clockMs += 4_000;
        return {
          status: "ok",
          text: "The answer is 36.",
          reasoning: "",
          isThinkUnclosed: false,
          finishReason: "stop",
          usage: { promptTokens: 10, completionTokens: 5 },
          timings: { sentMs: 0, firstContentMs: 1, deltaTimesMs: [1], endMs: 2 },
          attempts: 1,
        };
      },
      async listModels() {
        return ["m"];
      },
      async close() {},
    };
    const chunks: string[] = [];
    const stream = Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk.toString());
          callback();
        },
      }),
      { isTTY: false },
    );
    const reporter = createProgressReporter({ stream, now: () => clockMs });
    const outcome = await runProfile(
      {
        accuracyBenchmark: "gsm8k",
        dataDir: fixturesDir("gsm8k"),
        first: 4,
        warmup: 2,
        concurrency: 1,
        outputDir: mkdtempSync(join(tmpdir(), "profile-progress-")),
      },
      { backend, reporter, env: {} },
    );
    expect(outcome.accuracy?.summary.overall.correct).toBe(1);
    expect(chunks.join("").split("\n").filter(Boolean)).toEqual([
      `Profile ${outcome.runDir}`,
      "Model m: gsm8k (4 samples); 6 requests",
      "[progress] 0/6 done, accuracy -, 0.0 req/s, elapsed 0:00, ETA --:--",
      // 2 warmup answers, then the first question's (right) is ended but not yet graded.
      "[progress] 3/6 done, accuracy -, 0.3 req/s, elapsed 0:12, ETA 0:12",
      // The last answer has ended, not yet graded; then the run's end, every answer graded.
      "[progress] 6/6 done, accuracy 33.3%, 0.3 req/s, elapsed 0:24, ETA 0:00",
      "[progress] 6/6 done, accuracy 25.0%, 0.3 req/s, elapsed 0:24, ETA 0:00",
    ]);
  });
});
