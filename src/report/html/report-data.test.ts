// The report data of real run directories (the engine against the oracle mock server on the MMLU fixtures, 5-shot):
// equal to the result files, shared few-shot text stored once, comparisons equal to `compareRuns`, encoding
// round-trips through Node's and the browser's decoders.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../../benchmarks/test-support/shared-data-dir.js";
import type { SampleRecord } from "../../core/sample-record.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { compareRuns } from "../../results/compare-runs.js";
import { readComparedResults } from "../../results/read-compared-results.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { buildComparisonData } from "./comparison-data.js";
import { BROWSER_DECODE_SCRIPT, decodeReportData, encodeReportData } from "./encode-report-data.js";
import { buildRunReportData } from "./report-data.js";
import type { SampleData } from "./report-model.js";
import { sampleStatus } from "./sample-data.js";
import { splitTextBlocks, textOf } from "./string-table.js";

const dataDir = fixturesDir("mmlu");
const servers: MockServer[] = [];

async function runAgainst(options: { seed: number; faultRate?: number }): Promise<string> {
  const benchmarks = await loadOracleBenchmarks(["mmlu"], createDatasetContext({ dataDir, env: {} }));
  const server = await startMockServer({
    oracle: { benchmarks, accuracy: 0.5, seed: options.seed },
    itlMs: 1,
    ...(options.faultRate === undefined
      ? {}
      : { faultRate: options.faultRate, faultStatus: 500, faultSeed: 3, faultRetryAfterMs: 0 }),
  });
  servers.push(server);
  const outcome = await runBenchmarks(
    {
      benchmarks: ["mmlu"],
      nShots: 5,
      baseUrl: server.url,
      dataDir,
      outputDir: mkdtempSync(join(tmpdir(), "report-data-")),
      concurrency: 2,
      maxRetries: 0,
      graceMs: 0,
    },
    { env: {} },
  );
  return outcome.runDir;
}

const readJson = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const journal = (runDir: string): SampleRecord[] =>
  readFileSync(join(runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as SampleRecord);

let first: string;
let second: string;
let faulty: string;
beforeAll(async () => {
  first = await runAgainst({ seed: 1 });
  second = await runAgainst({ seed: 2 });
  faulty = await runAgainst({ seed: 1, faultRate: 0.4 });
});
afterAll(async () => {
  for (const server of servers) await server.close();
});

describe("buildRunReportData", () => {
  it("gives the result file's accuracy, tasks and samples, and the journal's prompts and statuses", () => {
    const data = buildRunReportData(first);
    const file = readJson(join(first, "mmlu.json"));
    const [benchmark] = data.run.benchmarks;
    expect(data.run.benchmarks).toHaveLength(1);
    expect(benchmark?.name).toBe("mmlu");
    expect(benchmark?.recipe).toEqual(expect.any(String));
    expect(benchmark?.accuracy).toEqual({
      value: file["accuracy"],
      ci95: file["accuracy_ci95"],
      standardError: file["accuracy_stderr"],
    });
    expect(benchmark?.macroAccuracy).toBe(file["macro_accuracy"]);
    expect(benchmark?.clustered).toEqual({
      standardError: file["accuracy_clustered_stderr"],
      ci95: file["accuracy_clustered_ci95"],
    });
    const fileTasks = file["tasks"] as { task: string; correct: number; total: number; accuracy: number }[];
    expect(
      benchmark?.tasks.map(({ task, correct, total, accuracy }) => ({ task, correct, total, accuracy })),
    ).toEqual(fileTasks.map(({ task, correct, total, accuracy }) => ({ task, correct, total, accuracy })));
    for (const row of benchmark?.tasks ?? []) {
      expect(row.ci95[0]).toBeLessThanOrEqual(row.accuracy);
      expect(row.ci95[1]).toBeGreaterThanOrEqual(row.accuracy);
    }
    const records = journal(first);
    expect(benchmark?.samples).toHaveLength(records.length);
    expect(benchmark?.samples.length).toBe(file["num_samples"]);
    const strings = data.strings;
    for (const [index, record] of records.entries()) {
      const sample = benchmark?.samples[index];
      expect(sample?.id).toBe(record.id);
      expect(benchmark?.tasks[sample?.task ?? -1]?.task).toBe(record.task);
      expect(sample?.status).toBe(record.correct ? "correct" : sampleStatus(record));
      expect(textOf(strings, sample?.response ?? -1)).toBe(record.response);
      expect(textOf(strings, sample?.gold ?? -1)).toBe(record.gold);
      expect(textOf(strings, sample?.gradeReason ?? -1)).toBe(record.grade_reason);
      expect(sample?.timings.e2eMs).toBeCloseTo(record.timings.e2e_ms, 3);
      const prompt = sample?.prompt;
      if (record.prompt.type === "chat" && prompt?.form === "chat") {
        expect(
          prompt.turns.map((turn) => ({ role: turn.role, content: textOf(strings, turn.content) })),
        ).toEqual(record.prompt.messages.map(({ role, content }) => ({ role, content })));
      } else if (record.prompt.type === "completion" && prompt?.form === "completion") {
        expect(textOf(strings, prompt.text)).toBe(record.prompt.text);
      } else {
        throw new Error(`prompt forms differ: ${record.prompt.type} vs ${prompt?.form}`);
      }
    }
    const correct = benchmark?.samples.filter((sample) => sample.status === "correct").length;
    expect(correct).toBe(file["num_correct"]);
    expect(data.run.serving.e2e.count).toBe(records.length);
    expect(data.run.serving.timeline.endedRequests.reduce((sum, count) => sum + count, 0)).toBe(
      records.length,
    );
  });

  it("stores each shared few-shot block once", () => {
    const data = buildRunReportData(first);
    const [benchmark] = data.run.benchmarks;
    const refsOf = (sample: SampleData): number[] =>
      sample.prompt.form === "chat"
        ? sample.prompt.turns.flatMap((turn) => turn.content)
        : sample.prompt.form === "completion"
          ? sample.prompt.text
          : [];
    // Every subject's prompts share its five shots (question and answer each): those blocks are one entry each.
    for (const [taskIndex] of (benchmark?.tasks ?? []).entries()) {
      const prompts = (benchmark?.samples ?? []).filter((sample) => sample.task === taskIndex).map(refsOf);
      expect(prompts.length).toBeGreaterThan(1);
      const shared = [...new Set(prompts[0])].filter((index) =>
        prompts.every((refs) => refs.includes(index)),
      );
      expect(shared.length).toBeGreaterThanOrEqual(5);
    }
    // The table holds exactly the distinct blocks of the journal's prompts, each once.
    const blocks = new Set(
      journal(first).flatMap((record) =>
        record.prompt.type === "chat"
          ? record.prompt.messages.flatMap((message) => splitTextBlocks(message.content))
          : record.prompt.type === "completion"
            ? splitTextBlocks(record.prompt.text)
            : [],
      ),
    );
    const promptStrings = new Set(
      (benchmark?.samples ?? []).flatMap(refsOf).map((index) => data.strings[index]),
    );
    expect(promptStrings).toEqual(blocks);
    expect(new Set(data.strings).size).toBe(data.strings.length);
  });

  it("counts failed requests as errors by class, in the timeline and the samples", () => {
    const data = buildRunReportData(faulty);
    const file = readJson(join(faulty, "mmlu.json"));
    const samples = data.run.benchmarks[0]?.samples ?? [];
    const errors = samples.filter((sample) => sample.status === "error");
    expect(errors.length).toBe(file["num_errors"]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((sample) => data.strings[sample.errorClass ?? -1] === "http_500")).toBe(true);
    const timeline = data.run.serving.timeline.errorsByClass["http_500"] ?? [];
    expect(timeline.reduce((sum, count) => sum + count, 0)).toBe(errors.length);
    expect(data.run.serving.e2e.count).toBe(samples.length - errors.length);
    // The file's fault totals (no retries here: --max-retries 0), for the summary's faults row.
    expect(data.run.benchmarks[0]?.faults).toEqual({
      requestsRetried: 0,
      samplesRetried: 0,
      byClass: [["http_500", errors.length]],
      samplesFailed: errors.length,
    });
    // A run where nothing went wrong has no faults row.
    expect(buildRunReportData(first).run.benchmarks[0]?.faults).toBeNull();
  });
});

describe("buildComparisonData", () => {
  it("pairs the runs as compareRuns does, per benchmark and per task, with every flipped sample", () => {
    const data = buildComparisonData([first, second]);
    const expected = compareRuns([readComparedResults(first), readComparedResults(second)]);
    const [benchmark] = data.benchmarks;
    const [pair] = expected[0]?.paired ?? [];
    expect(benchmark?.overall).toHaveLength(1);
    expect(benchmark?.overall[0]).toMatchObject({
      baseline: 0,
      candidate: 1,
      n: pair?.n,
      difference: pair?.difference,
      ci95: pair?.ci95,
      pValue: pair?.pValue,
      rightToWrong: pair?.rightToWrong,
      wrongToRight: pair?.wrongToRight,
    });
    const [flips] = benchmark?.flips ?? [];
    expect(flips?.rightToWrong).toHaveLength(pair?.rightToWrong ?? -1);
    expect(flips?.wrongToRight).toHaveLength(pair?.wrongToRight ?? -1);
    // The seeds differ, so some verdicts flip on seven samples at 50% (checked, not assumed).
    expect((pair?.rightToWrong ?? 0) + (pair?.wrongToRight ?? 0)).toBeGreaterThan(0);
    for (const flip of [...(flips?.rightToWrong ?? []), ...(flips?.wrongToRight ?? [])]) {
      const before = data.runs[0]?.benchmarks[0]?.samples[flip.baselineSample];
      const after = data.runs[1]?.benchmarks[0]?.samples[flip.candidateSample];
      expect(before?.id).toBe(flip.id);
      expect(after?.id).toBe(flip.id);
      const isRightToWrong = flips?.rightToWrong.includes(flip) === true;
      expect(before?.status === "correct").toBe(isRightToWrong);
      expect(after?.status === "correct").toBe(!isRightToWrong);
    }
    // Per task: the pairs' flips add up to the benchmark's.
    const taskFlips = (benchmark?.tasks ?? []).flatMap((task) => task.paired);
    expect(taskFlips.reduce((sum, entry) => sum + entry.rightToWrong, 0)).toBe(pair?.rightToWrong);
    expect(taskFlips.reduce((sum, entry) => sum + entry.n, 0)).toBe(pair?.n);
    for (const task of benchmark?.tasks ?? []) expect(task.runs.every((run) => run !== null)).toBe(true);
    // One string table for both runs: the shared prompts are stored once.
    expect(new Set(data.strings).size).toBe(data.strings.length);
  });
});

describe("encodeReportData", () => {
  it("round-trips through the Node decoder and the browser's DecompressionStream decoder", async () => {
    const data = buildComparisonData([first, second]);
    const encoded = encodeReportData(data);
    expect(encoded.figures).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(encoded.samples).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeReportData(encoded)).toEqual(JSON.parse(JSON.stringify(data)));
    const { decodeReportData: decodeFigures, decodeReportSamples } = new Function(
      `${BROWSER_DECODE_SCRIPT}; return { decodeReportData, decodeReportSamples };`,
    )() as {
      decodeReportData: (text: string) => Promise<Record<string, unknown>>;
      decodeReportSamples: (text: string, report: Record<string, unknown>) => Promise<unknown>;
    };
    // The first part alone: every figure, no sample nor text.
    const figures = await decodeFigures(encoded.figures);
    expect(figures["strings"]).toEqual([]);
    expect(
      (figures["runs"] as { benchmarks: { samples: unknown[] }[] }[])[0]?.benchmarks[0]?.samples,
    ).toEqual([]);
    expect((figures["benchmarks"] as unknown[]).length).toBe(data.benchmarks.length);
    expect(await decodeReportSamples(encoded.samples, figures)).toEqual(JSON.parse(JSON.stringify(data)));
  });

  it("refuses data of another version", () => {
    const encoded = encodeReportData({ kind: "run", version: 99 });
    expect(() => decodeReportData(encoded)).toThrow(/version 99/);
  });
});
