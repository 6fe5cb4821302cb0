// The report data of a real profile directory (`runProfile` against the mock server): the export's requests as
// scatter columns, the summary's percentile table, goodput and client self-measurement as the summary gives them.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runProfile } from "../../profile/run-profile.js";
import {
  buildProfileReportData,
  dispersedOutputTokens,
  type ProfileRequestsData,
} from "./profile-report-data.js";

let mock: MockServer;
let runDir: string;
beforeAll(async () => {
  mock = await startMockServer({ model: "mock-model", ttftMs: 5, itlMs: 1 });
  const outcome = await runProfile(
    {
      baseUrl: mock.url,
      isl: 16,
      osl: 6,
      numRequests: 12,
      warmup: 2,
      concurrency: 3,
      endpointType: "completions",
      clientWarmupMs: 0,
      goodput: "ttft:1000 e2e:5000",
      outputDir: mkdtempSync(join(tmpdir(), "report-profile-")),
    },
    { env: { HF_ENDPOINT: "http://127.0.0.1:1" } },
  );
  runDir = outcome.runDir;
});
afterAll(async () => {
  await mock?.close();
});

describe("buildProfileReportData", () => {
  it("carries every exported request, and the summary's percentiles, totals, goodput and client figures", () => {
    const data = buildProfileReportData(runDir);
    const summary = JSON.parse(readFileSync(join(runDir, "profile_summary.json"), "utf8"));
    const lines = readFileSync(join(runDir, "profile_export.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const { profile } = data;
    expect(lines).toHaveLength(14);
    expect(profile.requests.index).toEqual(lines.map((line) => line.index));
    expect(profile.requests.ttftMs).toEqual(lines.map((line) => line.ttft_ms));
    expect(profile.requests.e2eMs).toEqual(lines.map((line) => line.e2e_latency_ms));
    expect(profile.requests.isWarmup.filter(Boolean)).toHaveLength(2);
    expect(profile.percentiles).toEqual(summary.metrics);
    expect(profile.percentiles["ttft_ms"]?.["p50"]).toBeGreaterThanOrEqual(5);
    expect(profile.totals.requestCount).toBe(summary.request_count);
    expect(profile.totals.requestThroughputRps).toBe(summary.request_throughput_rps);
    expect(profile.goodput).toEqual({
      slosMs: summary.goodput.slos_ms,
      goodRequests: summary.goodput.good_requests,
      goodputRps: summary.goodput.goodput_rps,
    });
    expect(profile.client).toMatchObject({
      cpuCores: summary.monitors.client.cpu_cores,
      loopDelayP99Ms: summary.monitors.client.loop_delay_p99_ms,
      isClientBound: summary.monitors.client.is_client_bound,
      reasons: summary.monitors.client.reasons,
      thresholds: { loopDelayP99Ms: 10, cpuCores: 0.75 },
      workers: [],
    });
    expect(profile.metricLabels["ttft_ms"]).toEqual({ label: "Time to First Token", unit: "ms" });
    // The charts' time origin is the load start; every request was sent at or after it.
    expect(profile.loadStartMs).toBe(summary.load_start_offset_ms);
    expect(Math.min(...lines.map((line) => line.sent_at_ms))).toBeGreaterThanOrEqual(profile.loadStartMs);
    // The timeline counts the measured requests (warm-up left out) and their output tokens.
    const measured = lines.filter((line) => !line.is_warmup);
    expect(profile.timeline.endedRequests.reduce((sum, count) => sum + count, 0)).toBe(measured.length);
    expect(profile.timeline.outputTokens.reduce((sum, count) => sum + count, 0)).toBe(
      measured.reduce((sum, line) => sum + line.output_tokens, 0),
    );
    expect(Math.max(...profile.timeline.inFlight)).toBeLessThanOrEqual(3);
    // Dispersed throughput: the same buckets, the answered measured requests' output tokens all shared out.
    expect(profile.dispersedOutputTokens).toHaveLength(profile.timeline.outputTokens.length);
    const dispersed = profile.dispersedOutputTokens.reduce((sum, tokens) => sum + tokens, 0);
    expect(dispersed).toBeCloseTo(
      measured.filter((line) => line.status === "ok").reduce((sum, line) => sum + line.output_tokens, 0),
      2,
    );
  });

  it("takes the client workers' verdicts into the client-bound warning", () => {
    const dir = mkdtempSync(join(tmpdir(), "report-profile-workers-"));
    for (const file of ["run.json", "profile_export.jsonl"]) {
      writeFileSync(join(dir, file), readFileSync(join(runDir, file)));
    }
    const summary = JSON.parse(readFileSync(join(runDir, "profile_summary.json"), "utf8"));
    summary.monitors.client = { ...summary.monitors.client, is_client_bound: false, reasons: [] };
    summary.monitors.client_workers = {
      workers: [
        {
          worker: 0,
          status: "ok",
          loop_delay_p99_ms: 3,
          cpu_cores: 0.4,
          is_client_bound: false,
          reasons: [],
        },
        {
          worker: 1,
          status: "ok",
          loop_delay_p99_ms: 31.5,
          cpu_cores: 0.9,
          is_client_bound: true,
          reasons: ["event-loop delay p99 31.5 ms > 10 ms"],
        },
      ],
      is_client_bound: true,
    };
    summary.load_start_offset_ms = null;
    writeFileSync(join(dir, "profile_summary.json"), JSON.stringify(summary));
    const { profile } = buildProfileReportData(dir);
    expect(profile.client?.isClientBound).toBe(true);
    expect(profile.client?.reasons).toEqual(["worker 1: event-loop delay p99 31.5 ms > 10 ms"]);
    expect(profile.client?.workers.map((worker) => worker.cpuCores)).toEqual([0.4, 0.9]);
    // Without a load start the first request sent is the origin.
    expect(profile.loadStartMs).toBe(Math.min(...profile.requests.sentAtMs));
  });

  it("carries a merged profile's clients, one per shard, a client with --workers as its processes together", () => {
    const dir = mkdtempSync(join(tmpdir(), "report-profile-clients-"));
    for (const file of ["run.json", "profile_export.jsonl"]) {
      writeFileSync(join(dir, file), readFileSync(join(runDir, file)));
    }
    const summary = JSON.parse(readFileSync(join(runDir, "profile_summary.json"), "utf8"));
    const own = summary.monitors.client;
    const entry = (shard: string, extra: Record<string, unknown>) => ({
      shard,
      directory: `/shards/${shard.replace("/", "-")}`,
      requests: 7,
      measured_requests: 6,
      achieved_request_rate_rps: 12.5,
      send_lag_ms: { p50: 0.4, p99: 2.5, max: 3.1 },
      client: own,
      client_workers: null,
      is_client_bound: false,
      reasons: [],
      ...extra,
    });
    summary.monitors = {
      clients: [
        entry("0/2", {}),
        entry("1/2", {
          send_lag_ms: null,
          client_workers: {
            workers: [
              { worker: 0, loop_delay_p99_ms: 80, cpu_cores: 0.5 },
              { worker: 1, loop_delay_p99_ms: null, cpu_cores: 0.25 },
            ],
            is_client_bound: true,
          },
          is_client_bound: true,
          reasons: ["worker 0: event-loop delay p99 80.0 ms > 10 ms"],
        }),
      ],
    };
    writeFileSync(join(dir, "profile_summary.json"), JSON.stringify(summary));
    const { profile } = buildProfileReportData(dir);
    expect(profile.client).toBeNull();
    expect(profile.clients.map((client) => client.shard)).toEqual(["0/2", "1/2"]);
    expect(profile.clients[0]).toMatchObject({
      measuredRequests: 6,
      achievedRequestRateRps: 12.5,
      sendLagP50Ms: 0.4,
      sendLagP99Ms: 2.5,
      sendLagMaxMs: 3.1,
      loopDelayP99Ms: own.loop_delay_p99_ms,
      cpuCores: own.cpu_cores,
      isClientBound: false,
    });
    expect(profile.clients[1]).toMatchObject({
      sendLagP99Ms: null,
      loopDelayP99Ms: Math.max(80, own.loop_delay_p99_ms),
      isClientBound: true,
      reasons: ["worker 0: event-loop delay p99 80.0 ms > 10 ms"],
    });
    expect(profile.clients[1]?.cpuCores).toBeCloseTo(own.cpu_cores + 0.75, 10);
  });
});

describe("dispersedOutputTokens", () => {
  const requests = (rows: [number, number | null, number | null, number | null, boolean, string | null][]) =>
    ({
      index: rows.map((_, at) => at),
      sentAtMs: rows.map((row) => row[0]),
      ttftMs: rows.map((row) => row[1]),
      e2eMs: rows.map((row) => row[2]),
      itlMs: rows.map(() => null),
      outputTokens: rows.map((row) => row[3]),
      isWarmup: rows.map((row) => row[4]),
      errorClass: rows.map((row) => row[5]),
    }) satisfies ProfileRequestsData;

  it("spreads each request's tokens over its generation time, leaving out warm-up and failures", () => {
    const data = requests([
      // Sent at 100 ms after the origin, first token 400 ms later, ends 2,500 ms after sending: generates from
      // 500 to 2,600 ms, 2,100 ms for 21 tokens: 5 in bucket 0, 10 in bucket 1, 6 in bucket 2.
      [1100, 400, 2500, 21, false, null],
      // First token and end together: all in its bucket.
      [1000 + 1500, 0, 0, 4, false, null],
      [1000, 10, 20, 50, true, null],
      [1000, null, 5, 0, false, "http_503"],
    ]);
    expect(dispersedOutputTokens(data, { originMs: 1000, bucketMs: 1000, bucketCount: 3 })).toEqual([
      5, 14, 6,
    ]);
  });
});
