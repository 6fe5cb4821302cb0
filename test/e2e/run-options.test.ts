// End to end over the options of `run`: endpoints, streaming, secrets, verbose, failing requests, Ctrl-C.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasSharedData,
  type MockServerProcess,
  repoRoot,
  runCli,
  sharedData,
  spawnCli,
  startMockServerProcess,
  waitForExit,
} from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines, runDirNames } from "./support/run-dir.js";

const fixtureData = join(repoRoot, "src/benchmarks/gsm8k/fixtures");
const mmluFixtureData = join(repoRoot, "src/benchmarks/mmlu/fixtures");

const journal = (runDir: string) => readJsonLines(join(runDir, "samples.jsonl"));

async function resetOracle(server: MockServerProcess): Promise<void> {
  await request(`${new URL(server.url).origin}/oracle/reset`, { method: "POST" }).then((response) =>
    response.body.dump(),
  );
}

describe("run options against the oracle mock server (fixture data)", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
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
  });

  for (const variant of [
    { name: "chat, streaming", flags: [] },
    { name: "chat, --no-stream", flags: ["--no-stream"] },
    { name: "completions, streaming", flags: ["--endpoint-type", "completions"] },
    {
      name: "completions, --no-stream, 3 shots",
      flags: ["--endpoint-type", "completions", "--no-stream", "--n-shots", "3"],
    },
  ]) {
    it(`${variant.name}: accuracy equals what the oracle served`, async () => {
      await resetOracle(server);
      const outputDir = mkdtempSync(join(tmpdir(), "e2e-options-"));
      const result = await runCli([
        "run",
        "gsm8k",
        "--base-url",
        server.url,
        "--data-dir",
        fixtureData,
        "--output-dir",
        outputDir,
        ...variant.flags,
      ]);
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code).toBe(0);
      const stats = await server.stats();
      const file = readJson<{ num_samples: number; num_correct: number; config: Record<string, unknown> }>(
        join(onlyRunDir(outputDir), "gsm8k.json"),
      );
      expect(file.num_samples).toBe(stats.benchmarks["gsm8k"]?.served);
      expect(file.num_correct).toBe(stats.benchmarks["gsm8k"]?.correct);
      const lines = journal(onlyRunDir(outputDir));
      const prompt = lines[0]?.["prompt"] as { type: string };
      expect(prompt.type).toBe(variant.flags.includes("completions") ? "completion" : "chat");
      expect(file.config["stream"]).toBe(!variant.flags.includes("--no-stream"));
    });
  }

  it("--scrape-prometheus attaches the server's counter deltas and the endpoint's text to the results", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-prometheus-"));
    const result = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      fixtureData,
      "--output-dir",
      outputDir,
      "--scrape-prometheus",
    ]);
    expect(result.stderr).not.toMatch(/internal error|warning/);
    expect(result.code).toBe(0);
    const file = readJson<{ num_samples: number; server_metrics: Record<string, unknown> }>(
      join(onlyRunDir(outputDir), "gsm8k.json"),
    );
    expect(file.server_metrics).toMatchObject({
      url: `${new URL(server.url).origin}/metrics`,
      server: "vllm",
      scrapes: 2,
      requests_succeeded: file.num_samples,
    });
    const [specName] = readdirSync(outputDir).filter((name) => name.endsWith(".json"));
    const spec = readJson<{ prometheus_metrics: string }>(join(outputDir, specName ?? ""));
    expect(spec.prometheus_metrics).toMatch(/^vllm:request_success_total\{/m);
  });

  it("never writes the API key, and --verbose prints every graded sample", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-secret-"));
    const secret = "sk-test-DO-NOT-LEAK-1234567890";
    const ok = await runCli(
      [
        "run",
        "gsm8k",
        "--base-url",
        server.url,
        "--data-dir",
        fixtureData,
        "--verbose",
        "--output-dir",
        outputDir,
        "--api-key",
        secret,
      ],
      { env: { OPENAI_API_KEY: `${secret}-from-env` } },
    );
    expect(ok.code).toBe(0);
    expect(ok.stderr).toMatch(/^(PASS|FAIL) gsm8k\/\S+ gold=\d+ extracted=/m);
    expect(ok.stderr.match(/^(PASS|FAIL) /gm)).toHaveLength(12);
    const runDir = onlyRunDir(outputDir);
    for (const name of readdirSync(runDir)) {
      expect(readFileSync(join(runDir, name), "utf8")).not.toContain(secret);
    }
    expect(ok.stdout + ok.stderr).not.toContain(secret);
  });
});

describe("failing requests", () => {
  it("are retried, and a request that still fails is recorded as an error, not a crash (exit 1)", async () => {
    const failing = await startMockServerProcess(["--fault-rate", "1", "--fault-status", "503"]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "e2e-faults-"));
      const result = await runCli([
        "run",
        "gsm8k",
        "--base-url",
        failing.url,
        "--data-dir",
        fixtureData,
        "--output-dir",
        outputDir,
        "--max-retries",
        "1",
      ]);
      expect(result.stderr).not.toMatch(/internal error/);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /12 samples failed after their retries and were not graded.*\n {2}http_503 ×12 — e\.g\. HTTP 503 .*Injected fault/s,
      );
      expect(result.stdout).not.toMatch(/OVERALL\s+0\/12/);
      const runDir = onlyRunDir(outputDir);
      const lines = journal(runDir);
      expect(lines).toHaveLength(12);
      for (const line of lines) {
        expect(line["status"]).toBe("error");
        expect(line["attempts"]).toBe(2);
        expect((line["error"] as { http_status: number }).http_status).toBe(503);
      }
      const file = readJson<{ num_errors: number; num_samples: number; is_complete: boolean }>(
        join(runDir, "gsm8k.json"),
      );
      expect(file).toMatchObject({ num_errors: 12, num_samples: 0, is_complete: false });
      expect(readJson<{ status: string }>(join(runDir, "run.json")).status).toBe("incomplete");
      // A 503 may pass on a later try: the exact command is given.
      expect(result.stderr).toContain(`Continue with: llm-bench run --resume ${runDir}`);
    } finally {
      await failing.stop();
    }
  });

  it("recover through retries when the server fails some of the time", async () => {
    const flaky = await startMockServerProcess([
      "--fault-rate",
      "0.25",
      "--oracle-accuracy",
      "1",
      "--oracle-benchmarks",
      "mmlu",
      "--data-dir",
      mmluFixtureData,
    ]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "e2e-flaky-"));
      const result = await runCli([
        "run",
        "mmlu",
        "--base-url",
        flaky.url,
        "--data-dir",
        mmluFixtureData,
        "--output-dir",
        outputDir,
        "--max-retries",
        "8",
        "--n-shots",
        "0",
      ]);
      expect(result.code).toBe(0);
      const lines = journal(onlyRunDir(outputDir));
      expect(lines.every((line) => line["status"] === "ok" && line["correct"] === true)).toBe(true);
      expect(lines.some((line) => (line["attempts"] as number) > 1)).toBe(true);
    } finally {
      await flaky.stop();
    }
  });
});

describe.skipIf(!hasSharedData)("Ctrl-C", () => {
  it("stops sending, saves what finished, exits 130, and --resume completes the run", async () => {
    const slow = await startMockServerProcess([
      "--ttft-ms",
      "150",
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      sharedData,
    ]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "e2e-sigint-"));
      const child = spawnCli([
        "run",
        "gsm8k",
        "--base-url",
        slow.url,
        "--data-dir",
        sharedData,
        "--output-dir",
        outputDir,
        "--limit",
        "200",
        "--concurrency",
        "8",
      ]);
      for (let waited = 0; waited < 30_000; waited += 25) {
        await sleep(25);
        const dirs = runDirNames(outputDir);
        const path = dirs[0] === undefined ? "" : join(outputDir, dirs[0], "samples.jsonl");
        if (path !== "" && existsSync(path) && readFileSync(path, "utf8").split("\n").length > 16) break;
      }
      child.kill("SIGINT");
      const exit = await waitForExit(child);
      expect(exit.code).toBe(130);
      expect(child.output.stderr).toMatch(/Continue with: llm-bench run --resume/);
      const runDir = onlyRunDir(outputDir);
      const manifest = readJson<{ status: string }>(join(runDir, "run.json"));
      expect(manifest.status).toBe("interrupted");
      const partial = readJson<{ num_samples: number; is_complete: boolean; planned_samples: number }>(
        join(runDir, "gsm8k.json"),
      );
      expect(partial.is_complete).toBe(false);
      expect(partial.planned_samples).toBe(200);
      // Requests in flight at Ctrl-C were let finish: everything sent was journaled.
      expect(partial.num_samples).toBe(journal(runDir).length);
      expect(partial.num_samples).toBeLessThan(200);
      const statsBefore = await slow.stats();
      expect(statsBefore.benchmarks["gsm8k"]?.served).toBe(partial.num_samples);

      const resumed = await runCli([
        "run",
        "--resume",
        runDir,
        "--base-url",
        slow.url,
        "--concurrency",
        "64",
      ]);
      expect(resumed.code).toBe(0);
      const final = readJson<{ num_samples: number; is_complete: boolean; num_correct: number }>(
        join(runDir, "gsm8k.json"),
      );
      expect(final.is_complete).toBe(true);
      expect(final.num_samples).toBe(200);
      const statsAfter = await slow.stats();
      expect(statsAfter.benchmarks["gsm8k"]?.served).toBe(200);
      expect(final.num_correct).toBe(statsAfter.benchmarks["gsm8k"]?.correct);
    } finally {
      await slow.stop();
    }
  });
});
