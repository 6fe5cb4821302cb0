// The llm-benchmarker spec's invocations (global options before the command) and aiperf's `profile` invocation,
// end to end against the mock server with fixture data.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServerProcess, repoRoot, runCli, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson } from "./support/run-dir.js";

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
    expect(readJson<{ num_samples: number }>(join(onlyRunDir(outputDir), "gsm8k.json")).num_samples).toBe(3);
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
