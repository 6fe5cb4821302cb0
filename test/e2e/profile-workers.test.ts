// End to end: `llm-bench profile --workers 2` against the mock server — every request recorded once, the merged
// open-loop schedule equal to the one-process schedule, statistics and error classes merged, summary files valid.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServerProcess, runCli, startMockServerProcess } from "./support/cli.js";
import { runDirNames } from "./support/run-dir.js";

type Json = Record<string, unknown>;
const readJson = (path: string): Json => JSON.parse(readFileSync(path, "utf8")) as Json;

async function profile(url: string, args: readonly string[]) {
  const outputDir = mkdtempSync(join(tmpdir(), "e2e-profile-workers-"));
  const result = await runCli(["profile", "--base-url", url, "--output-dir", outputDir, ...args]);
  expect(result.stderr).not.toMatch(/internal error/);
  expect(result.code, result.stderr).toBe(0);
  const entries = runDirNames(outputDir);
  expect(entries).toHaveLength(1);
  const runDir = join(outputDir, entries[0] ?? "");
  const lines = readFileSync(join(runDir, "profile_export.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Json);
  return { result, runDir, lines, summary: readJson(join(runDir, "profile_summary.json")) };
}

describe("llm-bench profile --workers", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess(["--ttft-ms", "20", "--itl-ms", "2", "--fault-rate", "0.1"]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("open loop over 2 processes: each request once, the one-process schedule, merged statistics and errors", async () => {
    const load = ["--isl", "16", "--osl", "5", "--request-rate", "150", "--num-requests", "60"];
    const split = await profile(server.url, [...load, "--warmup", "4", "--seed", "7", "--workers", "2"]);
    const { lines, summary } = split;
    expect(lines.map((line) => line["index"]).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 64 }, (_, index) => index),
    );
    expect(lines.filter((line) => line["is_warmup"] === true)).toHaveLength(4);
    const measured = lines.filter((line) => line["is_warmup"] === false);
    const failed = measured.filter((line) => line["error_class"] !== null);
    // The mock's seeded faults (10 %) come back as http_503 with their message, through the string table.
    for (const line of failed) {
      expect(line).toMatchObject({ status: "error", error_class: "http_503" });
      expect(String(line["error"])).toMatch(/503/);
    }
    for (const line of measured.filter((entry) => entry["error_class"] === null)) {
      expect(line).toMatchObject({ status: "ok", output_tokens: 5, finish_reason: "length" });
      // The mock holds the first token 20 ms; a worker's times are moved onto the parent's clock through
      // performance.timeOrigin, which each process rounds on its own, so allow a few ms either way.
      expect(line["ttft_ms"]).toBeGreaterThanOrEqual(15);
    }
    expect(summary["request_count"]).toBe(60);
    expect(summary["failed_requests"]).toBe(failed.length);
    expect(summary["errors_by_class"]).toEqual(failed.length === 0 ? {} : { http_503: failed.length });
    expect(summary["successful_requests"]).toBe(60 - failed.length);
    const metrics = summary["metrics"] as Record<string, Record<string, number>>;
    for (const name of ["ttft_ms", "itl_ms", "tpot_ms", "e2e_latency_ms", "queue_ms", "send_lag_ms"]) {
      for (const stat of ["min", "max", "mean", "std", "p1", "p50", "p99"])
        expect(typeof metrics[name]?.[stat], `${name}.${stat}`).toBe("number");
    }
    expect(metrics["output_tokens"]?.["p50"]).toBe(5);
    expect(metrics["inter_chunk_ms"]?.["count"]).toBe(4 * (60 - failed.length));
    expect(typeof summary["achieved_request_rate_rps"]).toBe("number");
    const workers = (summary["monitors"] as Record<string, Json>)["client_workers"] as {
      workers: Json[];
    };
    expect(workers.workers.map((worker) => [worker["status"], worker["sent"]])).toEqual([
      ["ok", 32],
      ["ok", 32],
    ]);
    expect(new Set(workers.workers.map((worker) => worker["pid"])).size).toBe(2);
    const csv = readFileSync(join(split.runDir, "profile_summary.csv"), "utf8");
    expect(csv).toMatch(/^ttft_ms,\d/m);

    // The same seed in one process: the intended send times, from the load's t0, are the same schedule.
    const single = await profile(server.url, [...load, "--warmup", "4", "--seed", "7"]);
    const schedule = (run: typeof single) => {
      const offsetMs = Number(run.summary["load_start_offset_ms"]);
      return [...run.lines]
        .sort((a, b) => Number(a["index"]) - Number(b["index"]))
        .map((line) => Number(line["intended_at_ms"]) - offsetMs);
    };
    const expected = schedule(single);
    // The file's times are rounded to the microsecond: the two schedules agree to within that rounding.
    schedule(split).forEach((atMs, index) => {
      expect(Math.abs(atMs - (expected[index] ?? Number.NaN))).toBeLessThanOrEqual(0.0011);
    });
  });

  it("closed loop over 3 processes with a duration-free request count", async () => {
    const { lines, summary } = await profile(server.url, [
      ...["--isl", "8", "--osl", "3", "--concurrency", "6", "--num-requests", "40", "--workers", "3"],
    ]);
    expect(new Set(lines.map((line) => line["index"])).size).toBe(40);
    expect(lines).toHaveLength(40);
    expect(summary["request_count"]).toBe(40);
    const workers = (summary["monitors"] as Record<string, Json>)["client_workers"] as { workers: Json[] };
    expect(workers.workers.map((worker) => worker["sent"])).toEqual([14, 13, 13]);
  });
});
