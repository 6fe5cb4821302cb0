// End to end: `llm-bench run --scoring loglikelihood` against the oracle mock server (acc and acc_norm equal the
// oracle's per-sample verdicts), and against a server that sends no prompt logprobs (a clear error, exit 1).
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasSharedData,
  type MockServerProcess,
  repoRoot,
  runCli,
  sharedData,
  startMockServerProcess,
} from "./support/cli.js";
import { onlyRunDir, readJsonLines } from "./support/run-dir.js";

interface JournalLine {
  benchmark: string;
  id: string;
  correct: boolean;
  correct_norm?: boolean;
  loglikelihood?: { choices: { logprob: number }[] };
}

const journal = (runDir: string): JournalLine[] => readJsonLines<JournalLine>(join(runDir, "samples.jsonl"));

async function oracleSamples(server: MockServerProcess): Promise<Map<string, boolean>> {
  const response = await request(`${new URL(server.url).origin}/oracle/samples`);
  const text = await response.body.text();
  const lines = text.trim() === "" ? [] : text.trim().split("\n");
  return new Map(
    lines.map((line) => {
      const record = JSON.parse(line) as { benchmark: string; id: string; isCorrect: boolean };
      return [`${record.benchmark}/${record.id}`, record.isCorrect];
    }),
  );
}

async function resetOracle(server: MockServerProcess): Promise<void> {
  const response = await request(`${new URL(server.url).origin}/oracle/reset`, { method: "POST" });
  await response.body.text();
}

/** Runs one benchmark with loglikelihood scoring and checks every sample against the oracle. */
async function runAndCompare(server: MockServerProcess, benchmark: string, dataDir: string, extra: string[]) {
  await resetOracle(server);
  const outputDir = mkdtempSync(join(tmpdir(), "e2e-ll-"));
  const result = await runCli([
    "run",
    benchmark,
    "--base-url",
    server.url,
    "--endpoint-type",
    "completions",
    "--scoring",
    "loglikelihood",
    "--data-dir",
    dataDir,
    "--output-dir",
    outputDir,
    ...extra,
  ]);
  expect(result.stderr).not.toMatch(/internal error/);
  expect(result.code).toBe(0);
  const runDir = onlyRunDir(outputDir);
  const lines = journal(runDir);
  const oracle = await oracleSamples(server);
  expect(oracle.size).toBe(lines.length);
  for (const line of lines) {
    const isCorrect = oracle.get(`${line.benchmark}/${line.id}`);
    expect(line.correct).toBe(isCorrect);
    expect(line.correct_norm).toBe(isCorrect);
  }
  const correct = lines.filter((line) => line.correct).length;
  const stats = await server.stats();
  expect(stats.unrecognized).toBe(0);
  expect(stats.benchmarks[benchmark]?.correct).toBe(correct);
  const resultFile = JSON.parse(readFileSync(join(runDir, `${benchmark}.json`), "utf8")) as Record<
    string,
    unknown
  >;
  expect(resultFile).toMatchObject({
    num_samples: lines.length,
    num_correct: correct,
    accuracy: correct / lines.length,
    num_correct_norm: correct,
    accuracy_norm: correct / lines.length,
  });
  const accNorm = `acc_norm ${((100 * correct) / lines.length).toFixed(2)}% (${correct}/${lines.length})`;
  expect(result.stdout).toContain(accNorm);
  const csv = readFileSync(join(runDir, "accuracy_results.csv"), "utf8").trim().split("\n");
  expect(csv[0]).toBe("Task,Correct,Total,Accuracy,CorrectNorm,AccuracyNorm");
  const accuracy = (correct / lines.length).toFixed(4);
  expect(csv.at(-1)).toBe(`OVERALL,${correct},${lines.length},${accuracy},${correct},${accuracy}`);
  return { lines, correct };
}

describe("run --scoring loglikelihood through the oracle (MMLU fixtures)", () => {
  let server: MockServerProcess;
  const fixtures = join(repoRoot, "src/benchmarks/mmlu/fixtures");
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.5",
      "--oracle-benchmarks",
      "mmlu",
      "--data-dir",
      fixtures,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reports exactly the oracle's verdicts", async () => {
    const { lines, correct } = await runAndCompare(server, "mmlu", fixtures, ["--n-shots", "1"]);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(lines.every((line) => line.loglikelihood?.choices.length === 4)).toBe(true);
    expect(correct).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasSharedData)(
  "run --scoring loglikelihood through the oracle (shared MMLU and HellaSwag)",
  () => {
    let server: MockServerProcess;
    beforeAll(async () => {
      server = await startMockServerProcess([
        "--oracle-accuracy",
        "0.6",
        "--oracle-benchmarks",
        "mmlu,hellaswag",
        "--data-dir",
        sharedData,
      ]);
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("MMLU (5-shot, three subjects): acc equals the oracle's served accuracy, exactly", async () => {
      const { lines, correct } = await runAndCompare(server, "mmlu", sharedData, [
        "--tasks",
        "abstract_algebra,anatomy,astronomy",
        "--concurrency",
        "16",
      ]);
      expect(lines).toHaveLength(100 + 135 + 152);
      expect(correct / lines.length).toBeGreaterThan(0.5);
      expect(correct / lines.length).toBeLessThan(0.7);
    });

    it("HellaSwag (0-shot: the shared data has no train split; a seeded 300)", async () => {
      const { lines } = await runAndCompare(server, "hellaswag", sharedData, [
        "--limit",
        "300",
        "--n-shots",
        "0",
        "--concurrency",
        "16",
      ]);
      expect(lines).toHaveLength(300);
    });
  },
);

describe("run --scoring loglikelihood against a server without prompt logprobs", () => {
  let server: Server;
  let baseUrl: string;
  let completions = 0;
  beforeAll(async () => {
    // Answers like a chat-only or OpenAI-style server: a completion, but `logprobs: null` despite `echo`.
    server = createServer((incoming, response) => {
      incoming.resume();
      incoming.on("end", () => {
        const body =
          incoming.url === "/v1/models"
            ? { object: "list", data: [{ id: "plain-model", object: "model" }] }
            : { choices: [{ index: 0, text: "", logprobs: null, finish_reason: "length" }] };
        if (incoming.url !== "/v1/models") completions++;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("stops with a clear error and exit code 1, and marks the run failed", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-ll-nolp-"));
    const fixtures = join(repoRoot, "src/benchmarks/mmlu/fixtures");
    const args = [
      "--base-url",
      baseUrl,
      "--data-dir",
      fixtures,
      "--output-dir",
      outputDir,
      "--concurrency",
      "1",
    ];
    const result = await runCli(["run", "mmlu", "--scoring", "loglikelihood", "--n-shots", "0", ...args]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: The server returned no prompt log-probabilities/m);
    expect(result.stderr).toMatch(/needs a completions endpoint that echoes prompt logprobs/);
    expect(result.stderr).not.toMatch(/internal error/);
    // The first sample's first option showed it: nothing more was sent.
    expect(completions).toBe(1);
    const runDir = onlyRunDir(outputDir);
    const manifest = JSON.parse(readFileSync(join(runDir, "run.json"), "utf8")) as { status: string };
    expect(manifest.status).toBe("failed");
  });

  it("refuses --endpoint-type chat with loglikelihood (exit 2)", async () => {
    const result = await runCli([
      "run",
      "mmlu",
      "--scoring",
      "loglikelihood",
      "--endpoint-type",
      "chat",
      "--base-url",
      baseUrl,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/drop --endpoint-type chat/);
  });
});
