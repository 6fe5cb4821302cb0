// `--workers N`: node:cluster workers share one port; /metrics and /oracle/* report the sum over all workers.
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { loadBenchmark } from "../benchmarks/registry.js";
import { createLocalDatasetContext } from "../benchmarks/test-support/local-dataset-context.js";
import { fixturesDir } from "../benchmarks/test-support/shared-data-dir.js";
import { mockServerFlagsSchema } from "../config/mock-server-options.js";
import { promptTail } from "../core/prompt.js";
import type { OracleStats } from "./oracle-ledger.js";
import { type MockServerCluster, startMockServerCluster } from "./start-mock-server-cluster.js";

let serverCluster: MockServerCluster | undefined;
afterEach(async () => {
  await serverCluster?.close();
  serverCluster = undefined;
});

/** A request on a fresh connection, so that the cluster spreads them over its workers. */
async function post(url: string, body: unknown): Promise<{ id: string; text: string }> {
  const response = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    reset: true,
  });
  const parsed = (await response.body.json()) as { id: string; choices: Array<{ text: string }> };
  return { id: parsed.id, text: parsed.choices[0]?.text ?? "" };
}

async function getText(url: string): Promise<string> {
  const response = await request(url, { reset: true });
  return response.body.text();
}

function metricValue(text: string, line: string): number {
  const found = text.split("\n").find((entry) => entry.startsWith(line));
  return Number(found?.slice(line.length).trim());
}

describe("startMockServerCluster", () => {
  it("serves from several workers on one port and sums their counters at /metrics", async () => {
    const flags = mockServerFlagsSchema.parse({ port: 0 });
    serverCluster = await startMockServerCluster({ flags, isOracleOn: false, dataDir: undefined }, 2);
    const ids = new Set<string>();
    for (let index = 0; index < 30; index++) {
      const { id } = await post(`${serverCluster.url}/completions`, { prompt: "a b c", max_tokens: 5 });
      ids.add(id.replace(/-\d+$/, ""));
    }
    expect([...ids].sort()).toEqual(["cmpl-mock-w1", "cmpl-mock-w2"]);
    const metrics = await getText(`http://127.0.0.1:${serverCluster.port}/metrics`);
    expect(metricValue(metrics, 'vllm:generation_tokens_total{model_name="mock-model"}')).toBe(150);
    expect(metricValue(metrics, 'vllm:prompt_tokens_total{model_name="mock-model"}')).toBe(90);
    expect(
      metricValue(metrics, 'vllm:request_success_total{model_name="mock-model",finished_reason="length"}'),
    ).toBe(30);
  });

  it("sums every worker's fault counts at /faults/stats", async () => {
    const flags = mockServerFlagsSchema.parse({ port: 0, faultRate: ["http-503=0.3", "http-502=0.2"] });
    serverCluster = await startMockServerCluster({ flags, isOracleOn: false, dataDir: undefined }, 2);
    const statuses: number[] = [];
    const workers = new Set<string>();
    for (let index = 0; index < 40; index++) {
      const response = await request(`${serverCluster.url}/completions`, {
        method: "POST",
        body: JSON.stringify({ prompt: "a b", max_tokens: 1 }),
        reset: true,
      });
      statuses.push(response.statusCode);
      const body = (await response.body.json()) as { id?: string };
      if (body.id !== undefined) workers.add(body.id.replace(/-\d+$/, ""));
    }
    expect(workers.size).toBe(2);
    const stats = JSON.parse(await getText(`http://127.0.0.1:${serverCluster.port}/faults/stats`));
    expect(stats.requests).toBe(40);
    expect(stats.faults["http-503"]).toBe(statuses.filter((status) => status === 503).length);
    expect(stats.faults["http-502"]).toBe(statuses.filter((status) => status === 502).length);
    expect(stats.faults["http-503"] + stats.faults["http-502"]).toBeGreaterThan(0);
    expect(stats.faults.stall).toBe(0);
  });

  it("keeps one oracle ledger over all workers: /oracle/stats counts every answer, reset clears all", async () => {
    const dataDir = fixturesDir("gsm8k");
    const flags = mockServerFlagsSchema.parse({ port: 0, oracleBenchmarks: ["gsm8k"], oracleAccuracy: 1 });
    serverCluster = await startMockServerCluster({ flags, isOracleOn: true, dataDir }, 2);
    const gsm8k = await loadBenchmark("gsm8k");
    const { samples, buildPrompt } = await gsm8k.load({
      context: createLocalDatasetContext(dataDir),
      nShots: 0,
    });
    const asked = samples.slice(0, 8);
    const workers = new Set<string>();
    for (const sample of asked) {
      const prompt = buildPrompt(sample, {
        endpointType: "completions",
        nShots: 0,
        systemPrompt: undefined,
        cot: false,
      });
      const { id, text } = await post(`${serverCluster.url}/completions`, {
        prompt: promptTail(prompt),
        max_tokens: 400,
      });
      workers.add(id.split("-")[2] ?? "");
      expect(text.replaceAll(",", "")).toContain(sample.gold);
    }
    expect(workers.size).toBe(2);
    const origin = `http://127.0.0.1:${serverCluster.port}`;
    const stats = JSON.parse(await getText(`${origin}/oracle/stats`)) as OracleStats;
    expect(stats.benchmarks["gsm8k"]).toMatchObject({ served: asked.length, correct: asked.length });
    expect(stats.benchmarks["gsm8k"]?.uniqueSamples).toBe(new Set(asked.map((sample) => sample.id)).size);
    const served = (await getText(`${origin}/oracle/samples`)).trim().split("\n");
    expect(served).toHaveLength(stats.benchmarks["gsm8k"]?.uniqueSamples ?? -1);
    await request(`${origin}/oracle/reset`, { method: "POST", reset: true }).then((response) =>
      response.body.dump(),
    );
    const cleared = JSON.parse(await getText(`${origin}/oracle/stats`)) as OracleStats;
    expect(cleared.benchmarks).toEqual({});
  });
});
