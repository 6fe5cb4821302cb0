// runBenchmarks --scoring loglikelihood against the in-process oracle mock server: exact acc, resume, errors.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { runBenchmarks } from "./run-benchmarks.js";

let server: MockServer;
beforeAll(async () => {
  const context = createDatasetContext({ dataDir: fixturesDir("mmlu"), env: {} });
  const benchmarks = await loadOracleBenchmarks(["mmlu"], context);
  server = await startMockServer({ oracle: { benchmarks, accuracy: 0.5, seed: 7 } });
});
afterAll(async () => {
  await server?.close();
});

const common = () => ({
  benchmarks: ["mmlu"],
  baseUrl: server.url,
  scoring: "loglikelihood" as const,
  nShots: 1,
  dataDir: fixturesDir("mmlu"),
  outputDir: mkdtempSync(path.join(tmpdir(), "run-ll-")),
  concurrency: 1,
});

const journal = (runDir: string): SampleRecord[] =>
  readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);

describe("runBenchmarks --scoring loglikelihood", () => {
  it("is interrupted, resumed, and then reports exactly the oracle's verdicts as acc and acc_norm", async () => {
    server.oracle?.reset();
    const controller = new AbortController();
    let ended = 0;
    const first = await runBenchmarks(
      { ...common(), graceMs: 0 },
      {
        signal: controller.signal,
        env: {},
        reporter: {
          onSampleEnd: () => {
            ended++;
            if (ended === 2) controller.abort(new Error("stop"));
          },
        },
      },
    );
    expect(first.status).toBe("interrupted");
    const firstLines = journal(first.runDir);
    expect(firstLines.length).toBe(2);
    expect(firstLines.length).toBeLessThan(first.benchmarks[0]?.summary.plannedSamples ?? 0);

    const resumed = await runBenchmarks({ benchmarks: [], resume: first.runDir }, { env: {} });
    expect(resumed.status).toBe("completed");
    const lines = journal(first.runDir);
    const summary = resumed.benchmarks[0]?.summary;
    // Each sample requested once over the two sessions.
    expect(new Set(lines.map((line) => line.id)).size).toBe(lines.length);
    expect(lines.length).toBe(summary?.plannedSamples);
    expect(resumed.requested).toBe(lines.length - firstLines.length);
    expect(lines.filter((line) => line.session === 1)).toHaveLength(resumed.requested);

    const oracle = new Map(server.oracle?.samples().map((sample) => [sample.id, sample.isCorrect]));
    expect(oracle.size).toBe(lines.length);
    for (const line of lines) {
      expect(line.correct).toBe(oracle.get(line.id));
      expect(line.correct_norm).toBe(oracle.get(line.id));
      expect(line.loglikelihood?.choices).toHaveLength(4);
    }
    const correct = lines.filter((line) => oracle.get(line.id) === true).length;
    expect(correct).toBeGreaterThan(0);
    expect(summary?.overall.correct).toBe(correct);
    expect(summary?.overallNorm?.correct).toBe(correct);
    const result = JSON.parse(readFileSync(resumed.benchmarks[0]?.resultPath ?? "", "utf8")) as Record<
      string,
      unknown
    >;
    expect(result).toMatchObject({ num_correct: correct, num_correct_norm: correct });
    expect(result["config"]).toMatchObject({ scoring: "loglikelihood", endpoint_type: "completions" });
  });

  it("names the supporting benchmarks before reading data, and refuses a resume that changes the scoring", async () => {
    await expect(runBenchmarks({ ...common(), benchmarks: ["gsm8k"] }, { env: {} })).rejects.toThrow(
      "gsm8k does not support --scoring loglikelihood. Benchmarks that do: hellaswag, mmlu.",
    );
    const done = await runBenchmarks({ ...common(), limit: 1 }, { env: {} });
    await expect(
      runBenchmarks({ benchmarks: [], resume: done.runDir, scoring: "generate" }, { env: {} }),
    ).rejects.toThrow(/scoring was "loglikelihood"/);
  });
});
