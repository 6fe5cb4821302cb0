// `llm-bench run` reading its data from the Hugging Face Hub (a local server in the Hub's URL layout serving
// parquet files), caching it, and then running offline from the cache.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeHub, startFakeHub } from "../../src/datasets/test-support/fake-hub-server.js";
import { type MockServerProcess, repoRoot, runCli, startMockServerProcess } from "./support/cli.js";
import { runDirNames } from "./support/run-dir.js";

const fixtureData = join(repoRoot, "src/benchmarks/gsm8k/fixtures");

/** The fixture JSONL rows of a GSM8K split, as the Hub's parquet conversion would serve them. */
function parquetOf(split: "test" | "train", dir: string): string {
  const rows = readFileSync(join(fixtureData, "gsm8k", `${split}.jsonl`), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { question: string; answer: string });
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: "question", data: rows.map((row) => row.question), type: "STRING" },
      { name: "answer", data: rows.map((row) => row.answer), type: "STRING" },
    ],
  });
  const path = join(dir, `${split}.parquet`);
  writeFileSync(path, new Uint8Array(buffer));
  return path;
}

describe("run with data from the Hub", () => {
  let hub: FakeHub;
  let server: MockServerProcess;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "hub-files-"));
    hub = await startFakeHub({
      datasets: {
        "openai/gsm8k": { main: { test: [parquetOf("test", dir)], train: [parquetOf("train", dir)] } },
      },
    });
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.5",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      fixtureData,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    await hub?.close();
  });

  it("downloads once into the cache, then runs offline from it with the same result", async () => {
    const cache = mkdtempSync(join(tmpdir(), "hub-cache-"));
    const outputDir = mkdtempSync(join(tmpdir(), "hub-run-"));
    const env = { HF_ENDPOINT: hub.endpoint, HF_HUB_OFFLINE: "", LLM_BENCH_CACHE: cache };
    const online = await runCli(
      ["run", "gsm8k", "--base-url", server.url, "--n-shots", "2", "--output-dir", outputDir],
      { env },
    );
    expect(online.stderr).not.toMatch(/internal error/);
    expect(online.code).toBe(0);
    expect(online.stderr).toMatch(/downloading .*gsm8k/);
    expect(hub.downloads()).toBe(2);
    const stats = await server.stats();
    const [firstRun] = runDirNames(outputDir);
    const result = JSON.parse(readFileSync(join(outputDir, firstRun ?? "", "gsm8k.json"), "utf8")) as {
      num_samples: number;
      num_correct: number;
    };
    expect(result.num_samples).toBe(12);
    expect(result.num_correct).toBe(stats.benchmarks["gsm8k"]?.correct);

    const requestsBefore = hub.requests.length;
    const offline = await runCli(
      ["run", "gsm8k", "--base-url", server.url, "--n-shots", "2", "--output-dir", outputDir],
      {
        env: { ...env, HF_HUB_OFFLINE: "1" },
      },
    );
    expect(offline.code).toBe(0);
    expect(hub.requests.length).toBe(requestsBefore);
    const secondRun = runDirNames(outputDir).find((name) => name !== firstRun) ?? "";
    const again = JSON.parse(readFileSync(join(outputDir, secondRun, "gsm8k.json"), "utf8")) as {
      num_correct: number;
    };
    expect(again.num_correct).toBe(result.num_correct);
  });

  it("offline with an empty cache names what is missing and how to get it", async () => {
    const cache = mkdtempSync(join(tmpdir(), "hub-empty-cache-"));
    const result = await runCli(["run", "gsm8k", "--base-url", server.url], {
      env: { HF_ENDPOINT: hub.endpoint, HF_HUB_OFFLINE: "1", LLM_BENCH_CACHE: cache },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/openai\/gsm8k/);
    expect(result.stderr).toMatch(/--data-dir/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
