// End to end: `llm-bench profile` against the mock server — synthetic and input-file workloads with the files'
// schema, and `--accuracy-benchmark gsm8k` through the oracle, whose accuracy must equal what the oracle served.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasSharedData,
  type MockServerProcess,
  runCli,
  servedRequests,
  sharedData,
  startMockServerProcess,
} from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

const STAT_KEYS = ["min", "max", "mean", "std", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95", "p99"];
const REQUIRED_METRICS = [
  "ttft_ms",
  "itl_ms",
  "tpot_ms",
  "e2e_latency_ms",
  "time_to_first_byte_ms",
  "queue_ms",
  "send_lag_ms",
  "output_tokens",
];

const exportLines = (runDir: string) => readJsonLines(join(runDir, "profile_export.jsonl"));

function expectSummarySchema(summary: Record<string, unknown>): void {
  for (const key of ["request_throughput_rps", "output_token_throughput_tps", "achieved_request_rate_rps"]) {
    expect(typeof summary[key], key).toBe("number");
  }
  const metrics = summary["metrics"] as Record<string, Record<string, unknown>>;
  for (const name of REQUIRED_METRICS) {
    for (const stat of STAT_KEYS) expect(typeof metrics[name]?.[stat], `${name}.${stat}`).toBe("number");
  }
}

describe("llm-bench profile against the mock server", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess(["--ttft-ms", "20", "--itl-ms", "2"]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("synthetic prompts at a Poisson rate: files, schema, warmup left out, injected latencies measured", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-"));
    const servedBefore = await servedRequests(server.url);
    const result = await runCli([
      "profile",
      "--base-url",
      server.url,
      "--isl",
      "32",
      "--osl",
      "10",
      "--request-rate",
      "100",
      "--num-requests",
      "60",
      "--warmup",
      "5",
      "--seed",
      "3",
      "--goodput",
      "ttft:5000",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Time to First Token \(ms\)/);
    expect(result.stdout).toMatch(/Achieved Request Rate/);
    const runDir = onlyRunDir(outputDir);
    const summary = readJson(join(runDir, "profile_summary.json"));
    expectSummarySchema(summary);
    expect(summary["request_count"]).toBe(60);
    expect(summary["successful_requests"]).toBe(60);
    expect(summary["target_request_rate_rps"]).toBe(100);
    expect((summary["goodput"] as { good_requests: number }).good_requests).toBe(60);
    const metrics = summary["metrics"] as Record<string, Record<string, number>>;
    expect(metrics["output_tokens"]?.["p50"]).toBe(10);
    expect(metrics["ttft_ms"]?.["p50"]).toBeGreaterThanOrEqual(19);
    expect(metrics["itl_ms"]?.["p50"]).toBeGreaterThanOrEqual(1.5);
    // The client warmed itself up in-process: the server under test saw only the 65 requests of the run.
    const warmUp = summary["client_warmup"] as { requests: number; ok_requests: number };
    expect(warmUp.requests).toBeGreaterThan(0);
    expect(warmUp.ok_requests).toBe(warmUp.requests);
    expect((await servedRequests(server.url)) - servedBefore).toBe(65);
    const lines = exportLines(runDir);
    expect(lines).toHaveLength(65);
    expect(lines.filter((line) => line["is_warmup"] === true)).toHaveLength(5);
    for (const line of lines) {
      expect(line).toMatchObject({ status: "ok", error_class: null, output_tokens: 10 });
      for (const key of [
        "intended_at_ms",
        "sent_at_ms",
        "queue_ms",
        "send_lag_ms",
        "ttft_ms",
        "e2e_latency_ms",
      ]) {
        expect(typeof line[key], key).toBe("number");
      }
    }
    const csv = readFileSync(join(runDir, "profile_summary.csv"), "utf8");
    expect(csv.split("\n")[0]).toBe("Metric,avg,min,max,p1,p5,p10,p25,p50,p75,p90,p95,p99,std,count");
    expect(csv).toMatch(/^ttft_ms,/m);
    expect(csv).toMatch(/^achieved_request_rate_rps,\d/m);
  });

  it("an input file at a closed-loop concurrency, with each line's max_tokens", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-file-"));
    const inputFile = join(outputDir, "..", `prompts-${process.pid}.jsonl`);
    writeFileSync(
      inputFile,
      '{"prompt": "Tell me a story", "max_tokens": 4}\n{"messages": [{"role": "user", "content": "Hi"}], "max_tokens": 7}\n',
    );
    const result = await runCli([
      "profile",
      "--base-url",
      server.url,
      "--input-file",
      inputFile,
      "--concurrency",
      "3",
      "--num-requests",
      "8",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const runDir = onlyRunDir(outputDir);
    expectSummarySchema(readJson(join(runDir, "profile_summary.json")));
    const lines = exportLines(runDir);
    expect(lines).toHaveLength(8);
    for (const line of lines) {
      expect(line["output_tokens"]).toBe((line["item"] as number) % 2 === 0 ? 4 : 7);
      // A closed loop sends as soon as a worker takes the request: nothing is scheduled ahead of it.
      expect(line["intended_at_ms"]).toBeLessThanOrEqual(line["sent_at_ms"] as number);
    }
  });

  it("a bad input line is a usage error naming the file and line", async () => {
    const inputFile = join(mkdtempSync(join(tmpdir(), "e2e-profile-bad-")), "bad.jsonl");
    writeFileSync(inputFile, '{"prompt": "ok"}\n{"text": "wrong key"}\n');
    const result = await runCli(["profile", "--base-url", server.url, "--input-file", inputFile]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bad\.jsonl:2: expected/);
  });
});

describe.skipIf(!hasSharedData)("llm-bench profile --accuracy-benchmark gsm8k through the oracle", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.6",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      sharedData,
      "--itl-ms",
      "1",
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("grades every answer and reports exactly the oracle's served accuracy beside the performance files", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-gsm8k-"));
    const before = await server.stats();
    const result = await runCli([
      "profile",
      "--base-url",
      server.url,
      "--accuracy-benchmark",
      "gsm8k",
      "--data-dir",
      sharedData,
      "--limit",
      "300",
      "--request-rate",
      "400",
      "--max-concurrency",
      "64",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const after = await server.stats();
    const served = (after.benchmarks["gsm8k"]?.served ?? 0) - (before.benchmarks["gsm8k"]?.served ?? 0);
    const correct = (after.benchmarks["gsm8k"]?.correct ?? 0) - (before.benchmarks["gsm8k"]?.correct ?? 0);
    expect(served).toBe(300);
    const runDir = onlyRunDir(outputDir);
    const accuracy = readJson(join(runDir, "gsm8k.json"));
    expect(accuracy["num_samples"]).toBe(300);
    expect(accuracy["config"]).toMatchObject({ limit: 300, limit_mode: "stratified" });
    expect(accuracy["num_correct"]).toBe(correct);
    expect(accuracy["accuracy"]).toBe(correct / 300);
    expect(readFileSync(join(runDir, "accuracy_results.csv"), "utf8")).toMatch(
      new RegExp(`OVERALL,${correct},300,`),
    );
    expect(result.stdout).toMatch(/OVERALL/);
    // Progress on standard error (not a TTY here: plain lines), as `run` shows it.
    expect(result.stderr).toContain(
      `Profile ${runDir}\nModel mock-model: gsm8k (300 samples); 300 requests\n`,
    );
    const lastProgress = result.stderr
      .split("\n")
      .filter((line) => line.startsWith("[progress]"))
      .at(-1);
    expect(lastProgress).toMatch(
      `[progress] 300/300 done, accuracy ${((correct / 300) * 100).toFixed(1)}%, `,
    );
    const summary = readJson(join(runDir, "profile_summary.json"));
    expectSummarySchema(summary);
    expect(summary["request_count"]).toBe(300);
    expect(exportLines(runDir)).toHaveLength(300);
  });

  it("--workers 2 grades each answer in the worker that sent it: every sample once, the oracle's accuracy", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-gsm8k-workers-"));
    const before = await server.stats();
    const result = await runCli([
      ...["profile", "--base-url", server.url, "--accuracy-benchmark", "gsm8k", "--data-dir", sharedData],
      ...[
        "--limit",
        "200",
        "--warmup",
        "10",
        "--concurrency",
        "16",
        "--workers",
        "2",
        "--output-dir",
        outputDir,
      ],
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code, result.stderr).toBe(0);
    const after = await server.stats();
    const served = (after.benchmarks["gsm8k"]?.served ?? 0) - (before.benchmarks["gsm8k"]?.served ?? 0);
    const correct = (after.benchmarks["gsm8k"]?.correct ?? 0) - (before.benchmarks["gsm8k"]?.correct ?? 0);
    expect(served).toBe(210);
    const runDir = onlyRunDir(outputDir);
    const graded = readJsonLines(join(runDir, "samples.jsonl"));
    const ids = graded.map((record) => String(record["id"]));
    expect(new Set(ids).size).toBe(200);
    expect(graded).toHaveLength(200);
    const accuracy = readJson(join(runDir, "gsm8k.json"));
    expect(accuracy["num_samples"]).toBe(200);
    const gradedCorrect = graded.filter((record) => record["correct"] === true).length;
    expect(accuracy["num_correct"]).toBe(gradedCorrect);
    // The 10 warmup requests were the plan's first 10 samples (the --limit subset keeps the data's order: the 10
    // lowest of the 200 ids), sent again as measured ones, and the oracle answers a question the same way each
    // time: it served exactly their correct answers once more.
    const inDataOrder = [...ids].sort((left, right) => dataIndex(left) - dataIndex(right));
    expect(inDataOrder.slice(0, 10)).not.toEqual(Array.from({ length: 10 }, (_, index) => `test/${index}`));
    const warmupIds = new Set(inDataOrder.slice(0, 10));
    const warmupCorrect = graded.filter(
      (record) => warmupIds.has(String(record["id"])) && record["correct"] === true,
    );
    expect(correct).toBe(gradedCorrect + warmupCorrect.length);
    const workers = (readJson(join(runDir, "profile_summary.json"))["monitors"] as Record<string, unknown>)[
      "client_workers"
    ] as { workers: Array<Record<string, unknown>> };
    expect(workers.workers.map((worker) => worker["status"])).toEqual(["ok", "ok"]);
  });
});

/** `test/17` → 17. */
function dataIndex(id: string): number {
  return Number(id.slice(id.lastIndexOf("/") + 1));
}
