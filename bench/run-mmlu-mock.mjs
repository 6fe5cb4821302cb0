// `npm run bench`: the full MMLU test set (local data) against the mock server with a fixed 200 ms latency at
// concurrency 128. Reports the wall time of the whole `llm-bench run` command against the ideal
// (14,042 × 0.2 s ÷ 128) and its peak RSS, median of several runs.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { median, sharedData as shared, startMockServer, timedCliRun } from "./support.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const latencyMs = 200;
const concurrency = 128;
const samples = 14_042;
const idealS = (samples * (latencyMs / 1000)) / concurrency;

if (!existsSync(join(shared, "mmlu/test"))) {
  console.error(`No MMLU data at ${shared}; set LLM_BENCH_SHARED_DATA.`);
  process.exit(2);
}

const { child: server, url } = await startMockServer([
  "--ttft-ms",
  String(latencyMs),
  "--oracle-benchmarks",
  "mmlu",
  "--oracle-accuracy",
  "0.7",
  "--data-dir",
  shared,
]);
const results = [];
try {
  for (let index = 0; index < runs; index++) {
    const outputDir = mkdtempSync(join(tmpdir(), "bench-mmlu-"));
    const result = await timedCliRun([
      "run",
      "mmlu",
      "--base-url",
      url,
      "--data-dir",
      shared,
      "--concurrency",
      String(concurrency),
      "--output-dir",
      outputDir,
    ]);
    rmSync(outputDir, { recursive: true, force: true });
    results.push(result);
    console.log(
      `run ${index + 1}: wall ${result.wallS.toFixed(2)} s (${(result.wallS / idealS).toFixed(3)}× ideal), peak RSS ${result.peakMb.toFixed(0)} MB`,
    );
  }
} finally {
  server.kill("SIGTERM");
}
const wall = median(results.map((result) => result.wallS));
const rss = median(results.map((result) => result.peakMb));
console.log(
  JSON.stringify(
    {
      benchmark: "mmlu-full-mock-200ms-c128",
      machine: `${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
      date: new Date().toISOString().slice(0, 10),
      runs,
      ideal_s: Number(idealS.toFixed(3)),
      wall_s_median: Number(wall.toFixed(3)),
      ratio_to_ideal: Number((wall / idealS).toFixed(3)),
      target_ratio: 1.15,
      peak_rss_mb_median: Number(rss.toFixed(1)),
    },
    null,
    2,
  ),
);
if (wall / idealS > 1.15) process.exitCode = 1;
