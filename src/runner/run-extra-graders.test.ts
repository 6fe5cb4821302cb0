// A recipe's extra graders end to end (gsm8k lm-eval: strict-match graded, flexible-extract beside it): run against
// the oracle mock server, interrupted and resumed, and `grade` on the same answers report the same extra accuracy.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import type { SampleRecord } from "../core/sample-record.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { lmEvalGsm8kFlexible } from "../graders/lm-eval-gsm8k.js";
import { loadOracleBenchmarks } from "../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { wilsonInterval } from "../stats/wilson-interval.js";
import { gradeResponses } from "./grade-responses.js";
import { runBenchmarks } from "./run-benchmarks.js";

const FLEXIBLE = "lm_eval_gsm8k_flexible";
const dataDir = fixturesDir("gsm8k");

let server: MockServer;
beforeAll(async () => {
  const benchmarks = await loadOracleBenchmarks(["gsm8k"], createDatasetContext({ dataDir, env: {} }));
  server = await startMockServer({ oracle: { benchmarks, accuracy: 0.5, seed: 11 } });
});
afterAll(async () => {
  await server?.close();
});

const journal = (runDir: string): SampleRecord[] =>
  readFileSync(path.join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);

const readJson = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

describe("extra graders through run, --resume and grade", () => {
  it("journals every verdict, and <benchmark>.json reports the extra grader's accuracy with its Wilson CI", async () => {
    server.oracle?.reset();
    const controller = new AbortController();
    let ended = 0;
    const first = await runBenchmarks(
      {
        benchmarks: ["gsm8k"],
        recipe: ["lm-eval"],
        nShots: 1,
        baseUrl: server.url,
        dataDir,
        outputDir: mkdtempSync(path.join(tmpdir(), "run-extra-")),
        concurrency: 1,
        graceMs: 0,
      },
      {
        signal: controller.signal,
        env: {},
        reporter: {
          onSampleEnd: () => {
            ended++;
            if (ended === 3) controller.abort(new Error("stop"));
          },
        },
      },
    );
    expect(first.status).toBe("interrupted");
    expect(journal(first.runDir).every((line) => line.extra_grades?.[FLEXIBLE] !== undefined)).toBe(true);

    const resumed = await runBenchmarks({ benchmarks: [], resume: first.runDir }, { env: {} });
    expect(resumed.status).toBe("completed");
    const lines = journal(first.runDir);
    expect(lines.some((line) => line.session === 0) && lines.some((line) => line.session === 1)).toBe(true);
    const oracle = new Map(server.oracle?.samples().map((sample) => [sample.id, sample.isCorrect]));
    for (const line of lines) {
      // The oracle's phrasings are read right by both filters, so each verdict is the oracle's.
      expect({ id: line.id, strict: line.correct, flexible: line.extra_grades?.[FLEXIBLE]?.correct }).toEqual(
        {
          id: line.id,
          strict: oracle.get(line.id),
          flexible: oracle.get(line.id),
        },
      );
      const again = lmEvalGsm8kFlexible({ response: line.response, gold: line.gold });
      expect(line.extra_grades?.[FLEXIBLE]).toEqual({ correct: again.isCorrect, extracted: again.extracted });
    }
    const correct = lines.filter((line) => oracle.get(line.id) === true).length;
    expect(correct).toBeGreaterThan(0);
    expect(correct).toBeLessThan(lines.length);

    const summary = resumed.benchmarks[0]?.summary;
    expect(
      summary?.extraGraders?.map((extra) => [extra.grader, extra.overall.correct, extra.overall.total]),
    ).toEqual([[FLEXIBLE, correct, lines.length]]);
    const result = readJson(resumed.benchmarks[0]?.resultPath ?? "");
    expect(result["config"]).toMatchObject({
      recipe: "lm-eval",
      grader: "lm_eval_gsm8k_strict",
      extra_graders: [FLEXIBLE],
    });
    expect(result["extra_metrics"]).toMatchObject({
      [FLEXIBLE]: {
        accuracy: correct / lines.length,
        accuracy_ci95: wilsonInterval(correct, lines.length),
        num_correct: correct,
        num_samples: lines.length,
      },
    });

    // `grade` on the same answers: the same verdicts and the same extra_metrics.
    const graded = await gradeResponses(
      {
        benchmarks: ["gsm8k"],
        recipe: ["lm-eval"],
        nShots: 1,
        dataDir,
        outputDir: mkdtempSync(path.join(tmpdir(), "grade-extra-")),
      },
      lines.map((line) => ({ id: line.id, response: line.response, source: `journal ${line.id}` })),
      { env: {} },
    );
    const gradedResult = readJson(graded.resultPath);
    expect(gradedResult["extra_metrics"]).toEqual(result["extra_metrics"]);
    expect(gradedResult["config"]).toMatchObject({ extra_graders: [FLEXIBLE] });
    const gradedLines = journal(graded.runDir);
    for (const line of gradedLines) {
      const original = lines.find((candidate) => candidate.id === line.id);
      expect(line.extra_grades).toEqual(original?.extra_grades);
    }
  });

  it("reports no extra grader when --grader replaces the recipe's", async () => {
    const graded = await gradeResponses(
      {
        benchmarks: ["gsm8k"],
        recipe: ["lm-eval"],
        grader: "number",
        nShots: 0,
        dataDir,
        outputDir: mkdtempSync(path.join(tmpdir(), "grade-extra-")),
      },
      [{ id: "test/0", response: "#### 36", source: "inline" }],
      { env: {} },
    );
    expect(graded.summary.extraGraders).toBeUndefined();
    expect(journal(graded.runDir)[0]).not.toHaveProperty("extra_grades");
    expect(readJson(graded.resultPath)).not.toHaveProperty("extra_metrics");
  });
});
