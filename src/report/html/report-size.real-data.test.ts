// The report data of the full MMLU test set (14,042 samples, 5-shot) run through the oracle mock server: its size
// encoded against the 15 MB budget, and what the string table saves on the shared few-shot text.
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { printSkipReason, sharedDataDir } from "../../benchmarks/test-support/shared-data-dir.js";
import { createDatasetContext } from "../../datasets/create-dataset-context.js";
import { loadOracleBenchmarks } from "../../mock-server/load-oracle-benchmarks.js";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runBenchmarks } from "../../runner/run-benchmarks.js";
import { encodeReportData } from "./encode-report-data.js";
import { buildRunReportData } from "./report-data.js";
import { textOf } from "./string-table.js";

const dataDir = sharedDataDir("mmlu/test");
if (dataDir === undefined) printSkipReason("report size on the full MMLU");

const MEGABYTE = 1024 * 1024;

describe.skipIf(dataDir === undefined)("report data of the full MMLU run", () => {
  let server: MockServer | undefined;
  let runDir = "";
  beforeAll(async () => {
    const context = createDatasetContext({ dataDir: dataDir ?? "", env: {} });
    const benchmarks = await loadOracleBenchmarks(["mmlu"], context);
    server = await startMockServer({ oracle: { benchmarks, accuracy: 0.7, seed: 1 } });
    const outcome = await runBenchmarks(
      {
        benchmarks: ["mmlu"],
        baseUrl: server.url,
        dataDir: dataDir ?? "",
        outputDir: mkdtempSync(join(tmpdir(), "report-size-")),
        concurrency: 64,
      },
      { env: {} },
    );
    runDir = outcome.runDir;
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it("encodes under 15 MB, the shared few-shot text stored once", () => {
    const started = performance.now();
    const data = buildRunReportData(runDir);
    const builtMs = performance.now() - started;
    const encoded = encodeReportData(data);
    const encodedMs = performance.now() - started - builtMs;
    const samples = data.run.benchmarks[0]?.samples ?? [];
    expect(samples).toHaveLength(14_042);
    let promptChars = 0;
    for (const sample of samples) {
      if (sample.prompt.form === "chat")
        for (const turn of sample.prompt.turns) promptChars += textOf(data.strings, turn.content).length;
      else if (sample.prompt.form === "completion")
        promptChars += textOf(data.strings, sample.prompt.text).length;
    }
    const tableChars = data.strings.reduce((sum, text) => sum + text.length, 0);
    const json = JSON.stringify(data).length;
    const journalBytes = statSync(join(runDir, "samples.jsonl")).size;
    process.stderr.write(
      `full MMLU report data: ${samples.length} samples; prompts ${(promptChars / MEGABYTE).toFixed(1)} M chars, ` +
        `string table ${(tableChars / MEGABYTE).toFixed(1)} M chars (${data.strings.length} strings); ` +
        `JSON ${(json / MEGABYTE).toFixed(1)} MB; encoded ${(encoded.length / MEGABYTE).toFixed(2)} MB ` +
        `(journal ${(journalBytes / MEGABYTE).toFixed(1)} MB); built in ${builtMs.toFixed(0)} ms, ` +
        `encoded in ${encodedMs.toFixed(0)} ms\n`,
    );
    expect(encoded.length).toBeLessThan(15 * MEGABYTE);
    // MMLU's five shots are the same for every question of a subject: most prompt text is stored once.
    expect(tableChars).toBeLessThan(promptChars / 3);
  });
});
