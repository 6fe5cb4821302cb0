// The llm-benchmarker spec's invocations (global options before the command) and aiperf's `profile` invocation,
// end to end against the mock server with fixture data.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasSharedData,
  type MockServerProcess,
  repoRoot,
  runCli,
  sharedData,
  startMockServerProcess,
} from "./support/cli.js";
import { onlyRunDir, readJson, runDirNames } from "./support/run-dir.js";

const fixtureData = join(repoRoot, "src/benchmarks/gsm8k/fixtures");

describe("options before the command, and aiperf's spellings", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess(["--oracle-benchmarks", "gsm8k", "--data-dir", fixtureData]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("llm-bench --model M check", async () => {
    const result = await runCli(["--base-url", server.url, "--model", "mock-model", "check"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/Model "mock-model" is served/);
    expect(result.code).toBe(0);
  });

  it("llm-bench --base-url URL --model M --api-key K --output-dir DIR --data-dir DIR run … --max-samples …", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-global-"));
    const result = await runCli([
      "--base-url",
      server.url,
      "--model",
      "mock-model",
      "--api-key",
      "K",
      "--output-dir",
      outputDir,
      "--data-dir",
      fixtureData,
      "run",
      "gsm8k",
      "--concurrency",
      "16",
      "--max-samples",
      "3",
      "--temperature",
      "0.0",
      "--seed",
      "1337",
      "--no-stream",
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const manifest = readJson<{ config: Record<string, unknown> }>(join(onlyRunDir(outputDir), "run.json"));
    expect(manifest.config).toMatchObject({
      model: "mock-model",
      concurrency: 16,
      limit: 3,
      temperature: 0,
      seed: 1337,
      stream: false,
      dataDir: fixtureData,
    });
    expect(JSON.stringify(manifest)).not.toContain('"K"');
    const gsm8k = readJson<{ num_samples: number; config: Record<string, unknown> }>(
      join(onlyRunDir(outputDir), "gsm8k.json"),
    );
    expect(gsm8k.num_samples).toBe(3);
    expect(gsm8k.config).toMatchObject({ limit: 3, limit_mode: "stratified" });
  });

  it("llm-bench profile MODEL --url (no /v1) --accuracy-* --extra-inputs", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-aiperf-"));
    const result = await runCli([
      "profile",
      "mock-model",
      "--url",
      new URL(server.url).origin,
      "--endpoint-type",
      "chat",
      "--accuracy-benchmark",
      "gsm8k",
      "--accuracy-n-shots",
      "0",
      "--accuracy-system-prompt",
      "",
      "--accuracy-verbose",
      "--data-dir",
      fixtureData,
      "--num-requests",
      "4",
      "--concurrency",
      "2",
      "--client-warmup-ms",
      "0",
      "--extra-inputs",
      '{"temperature": 0, "stop": ["\\n\\n\\n"]}',
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error|error:/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/gsm8k/);
    const summary = readJson<{ successful_requests: number }>(
      join(onlyRunDir(outputDir), "profile_summary.json"),
    );
    expect(summary.successful_requests).toBe(4);
  });
});

describe.skipIf(!hasSharedData)("the spec's invocations on the full MMLU and MMLU-Pro", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "mmlu,mmlu_pro",
      "--data-dir",
      sharedData,
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });
  // The spec's words, with where the server, the data and the results are given as global options too.
  const globals = (outputDir: string) => [
    "--base-url",
    server.url,
    "--data-dir",
    sharedData,
    "--output-dir",
    outputDir,
  ];
  const specFile = (outputDir: string, benchmark: string): string => {
    const [name] = readdirSync(outputDir).filter((entry) =>
      new RegExp(`^${benchmark}_mock-model_\\d{8}T\\d{6}Z\\.json$`).test(entry),
    );
    expect(name, `${benchmark}'s spec result file in ${outputDir}`).toBeDefined();
    return join(outputDir, name ?? "");
  };

  it("llm-bench --model M run mmlu mmlu_pro --no-stream --concurrency 64, then --scrape-prometheus, then compare FILES", async () => {
    const first = mkdtempSync(join(tmpdir(), "e2e-spec-a-"));
    const both = await runCli([
      ...globals(first),
      "--model",
      "mock-model",
      "run",
      "mmlu",
      "mmlu_pro",
      "--no-stream",
      "--concurrency",
      "64",
    ]);
    expect(both.stderr).not.toMatch(/internal error/);
    expect(both.code).toBe(0);
    const [runDir] = runDirNames(first);
    const mmlu = readJson<{ num_samples: number; config: { stream: boolean } }>(
      join(first, runDir ?? "", "mmlu.json"),
    );
    expect(mmlu.num_samples).toBe(14042);
    expect(mmlu.config.stream).toBe(false);
    expect(readJson<{ num_samples: number }>(specFile(first, "mmlu_pro")).num_samples).toBe(12032);

    const second = mkdtempSync(join(tmpdir(), "e2e-spec-b-"));
    const scraped = await runCli([
      ...globals(second),
      "--model",
      "mock-model",
      "run",
      "mmlu",
      "--scrape-prometheus",
    ]);
    expect(scraped.stderr).not.toMatch(/internal error|warning/);
    expect(scraped.code).toBe(0);
    const withMetrics = readJson<{ prometheus_metrics: string; num_samples: number }>(
      specFile(second, "mmlu"),
    );
    expect(withMetrics.num_samples).toBe(14042);
    expect(withMetrics.prometheus_metrics).toMatch(/^vllm:request_success_total/m);

    const compared = await runCli(["compare", specFile(first, "mmlu"), specFile(second, "mmlu")]);
    expect(compared.stderr).toBe("");
    expect(compared.code).toBe(0);
    for (const row of [
      "Accuracy",
      "Samples",
      "Score",
      "95% CI",
      "TTFT Mean \\(s\\)",
      "TTFT P50 \\(s\\)",
      "TTFT P95 \\(s\\)",
      "Gen TPS Mean",
      "Latency Mean \\(s\\)",
      "Latency P95 \\(s\\)",
      "Throughput \\(req/s\\)",
    ]) {
      expect(compared.stdout).toMatch(new RegExp(`^${row} `, "m"));
    }
    // The oracle answers each question the same way every time: no flips between the two runs.
    expect(compared.stdout).toMatch(/paired on 14042 shared samples: .* = 0\.00 points/);
    expect(compared.stdout).toMatch(/flips: 0 right→wrong, 0 wrong→right/);
  }, 240_000);
});
