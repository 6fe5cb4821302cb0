// End to end: a multi-client profile — 3 `llm-bench profile --shard I/3 --start-at T` processes of the built CLI
// against one mock server, merged by `llm-bench merge` — sends the one seeded Poisson schedule: each request once,
// the merged achieved rate within 1% of the schedule's, percentiles those of the union of the shards' lines.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricStats } from "../../src/metrics/metric-stats.js";
import { sliceArrivals } from "../../src/profile/profile-load-plan.js";
import { type MockServerProcess, runCli, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";

type Json = Record<string, unknown>;

const RATE = 80;
const REQUESTS = 800;
const SEED = 21;

describe("llm-bench profile --shard I/N --start-at (multi-client)", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess(["--ttft-ms", "5", "--itl-ms", "1"]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("3 clients send one Poisson process at the target rate; the merge recomputes every statistic", async () => {
    // Ahead enough for 3 processes to start and warm up before t0 on a loaded 2-core machine (~3 s each alone).
    const startAt = new Date(Date.now() + 15_000).toISOString();
    const load = ["--request-rate", String(RATE), "--num-requests", String(REQUESTS), "--seed", String(SEED)];
    const outputs = [0, 1, 2].map(() => mkdtempSync(join(tmpdir(), "e2e-profile-shard-")));
    const results = await Promise.all(
      outputs.map((outputDir, index) =>
        runCli([
          "profile",
          "--base-url",
          server.url,
          "--output-dir",
          outputDir,
          "--isl",
          "16",
          "--osl",
          "5",
          ...load,
          "--shard",
          `${index}/3`,
          "--start-at",
          startAt,
        ]),
      ),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const directories = outputs.map(onlyRunDir);
    const union = directories.flatMap((directory) =>
      readJsonLines<Json>(join(directory, "profile_export.jsonl")),
    );
    expect(union.map((line) => line["index"]).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: REQUESTS }, (_, index) => index),
    );
    // Every request at its time of the one seeded schedule (µs from --start-at), whichever client sent it.
    const next = sliceArrivals({ requestRate: RATE, arrival: "poisson", burstiness: 1, seed: SEED });
    const scheduleMs = Array.from({ length: REQUESTS }, () => next().offsetMs);
    for (const line of union) {
      expect(line["intended_at_ms"]).toBe(
        Math.round((scheduleMs[line["index"] as number] ?? 0) * 1000) / 1000,
      );
    }

    const output = join(mkdtempSync(join(tmpdir(), "e2e-profile-merged-")), "merged");
    const merged = await runCli(["merge", ...directories, "--output", output]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toContain(`Merged 3 profile shards into ${output}`);
    const summary = readJson<Json>(join(output, "profile_summary.json"));
    expect(summary["request_count"]).toBe(REQUESTS);
    expect(summary["failed_requests"]).toBe(0);
    // The seeded schedule's own rate (a Poisson sample of 800 arrivals: within a few 1/√n of the target) …
    const scheduledRate = ((REQUESTS - 1) / ((scheduleMs.at(-1) ?? 0) - (scheduleMs[0] ?? 0))) * 1000;
    expect(Math.abs(scheduledRate - RATE) / RATE).toBeLessThan(4 / Math.sqrt(REQUESTS));
    // … is what the 3 clients together sent, to within 1%, as the merged profile reports it.
    const achieved = summary["achieved_request_rate_rps"] as number;
    console.log(
      `[profile-shards] target ${RATE} req/s, seeded schedule ${scheduledRate.toFixed(3)}, merged achieved ` +
        `${achieved.toFixed(3)} (${(((achieved - scheduledRate) / scheduledRate) * 100).toFixed(3)}%), ` +
        `throughput over the union window ${(summary["request_throughput_rps"] as number).toFixed(3)}`,
    );
    expect(Math.abs(achieved - scheduledRate) / scheduledRate).toBeLessThan(0.01);
    const throughput = summary["request_throughput_rps"] as number;
    expect(Math.abs(throughput - scheduledRate) / scheduledRate).toBeLessThan(0.01);
    // Percentiles over every request: those of the union of the shards' own lines.
    const metrics = summary["metrics"] as Record<string, Json>;
    for (const key of ["ttft_ms", "e2e_latency_ms", "itl_ms", "send_lag_ms"]) {
      const values = Float32Array.from(union.map((line) => line[key] as number)).sort();
      expect(metrics[key], key).toEqual({ ...metricStats(values) });
    }
    expect((metrics["inter_chunk_ms"] as Json)["count"]).toBe(4 * REQUESTS);
    // Each client's own measurement is kept.
    const clients = (summary["monitors"] as { clients: Json[] }).clients;
    expect(clients.map((client) => client["shard"])).toEqual(["0/3", "1/3", "2/3"]);
    for (const client of clients) {
      expect(typeof (client["client"] as Json)["cpu_cores"]).toBe("number");
      expect(typeof client["achieved_request_rate_rps"]).toBe("number");
    }
    // The merged directory is a profile that `report` reads.
    const report = await runCli(["report", output, "--output", join(output, "report.html")]);
    expect(report.code, report.stderr).toBe(0);
  }, 60_000);
});
