// The report data of a real profile directory (`runProfile` against the mock server): the export's requests as
// scatter columns, the summary's percentile table, goodput and client self-measurement as the summary gives them.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../../mock-server/start-mock-server.js";
import { runProfile } from "../../profile/run-profile.js";
import { buildProfileReportData } from "./profile-report-data.js";

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
      isClientBound: summary.monitors.client.is_client_bound,
      reasons: summary.monitors.client.reasons,
    });
    // The timeline counts the measured requests (warm-up left out) and their output tokens.
    const measured = lines.filter((line) => !line.is_warmup);
    expect(profile.timeline.endedRequests.reduce((sum, count) => sum + count, 0)).toBe(measured.length);
    expect(profile.timeline.outputTokens.reduce((sum, count) => sum + count, 0)).toBe(
      measured.reduce((sum, line) => sum + line.output_tokens, 0),
    );
    expect(Math.max(...profile.timeline.inFlight)).toBeLessThanOrEqual(3);
  });
});
