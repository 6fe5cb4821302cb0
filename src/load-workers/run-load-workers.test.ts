// `--workers N` machinery end to end: child processes share a load against the mock server; records merge.
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "../mock-server/start-mock-server.js";
import { runLoadWorkers } from "./run-load-workers.js";
import { splitLoad } from "./split-load.js";

const entry = new URL("./test-support/http-load-worker.ts", import.meta.url);

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function servedRequests(port: number): Promise<number> {
  const text = await (await request(`http://127.0.0.1:${port}/metrics`)).body.text();
  const line = text
    .split("\n")
    .find((entry) =>
      entry.startsWith('vllm:request_success_total{model_name="mock-model",finished_reason="length"}'),
    );
  return Number(line?.split(" ").at(-1));
}

describe("runLoadWorkers", () => {
  it("runs each request index once across the workers and merges their records on this process's clock", async () => {
    server = await startMockServer({ ttftMs: 20 });
    const origin = `http://127.0.0.1:${server.port}`;
    const startMs = performance.now();
    const payloads: Array<{ item: unknown; workerIndex: number }> = [];
    const outcome = await runLoadWorkers({
      entry,
      shares: splitLoad({ workerCount: 2, concurrency: 6 }),
      config: { origin, totalRequests: 60, maxTokens: 4 },
      onPayload: (item, workerIndex) => payloads.push({ item, workerIndex }),
    });
    const endMs = performance.now();
    expect(outcome.workers.map((worker) => [worker.status, worker.records])).toEqual([
      ["ok", 30],
      ["ok", 30],
    ]);
    const pids = new Set(outcome.workers.map((worker) => worker.report["pid"]));
    expect(pids.size).toBe(2);
    expect(pids.has(process.pid)).toBe(false);
    expect(outcome.records.map((record) => record.index)).toEqual(
      Array.from({ length: 60 }, (_, index) => index),
    );
    for (const record of outcome.records) {
      expect(record.outputTokens).toBe(4);
      // Each worker's timings were moved onto this clock: inside our window, and the mock's TTFT apart.
      expect(record.sentMs).toBeGreaterThan(startMs);
      expect(record.endMs).toBeLessThan(endMs);
      // ~20 ms apart: the mock's timer may fire a little early on a busy machine (libuv's cached loop time), and a
      // wrong clock shift would be off by whole process start-up times.
      expect(record.endMs - record.sentMs).toBeGreaterThanOrEqual(15);
    }
    expect(await servedRequests(server.port)).toBe(60);
    // Each request's payload came back once, from the worker that sent it (request i goes to worker i mod 2).
    expect(payloads).toHaveLength(60);
    for (const { item, workerIndex } of payloads) {
      const { index, worker } = item as { index: number; worker: number };
      expect(worker).toBe(workerIndex);
      expect(index % 2).toBe(workerIndex);
    }
    expect(new Set(payloads.map(({ item }) => (item as { index: number }).index)).size).toBe(60);
  });

  it("reports a failed worker as data and still returns the others' records", async () => {
    server = await startMockServer({});
    const outcome = await runLoadWorkers({
      entry,
      shares: splitLoad({ workerCount: 1, concurrency: 1 }),
      config: { origin: `http://127.0.0.1:${server.port}`, totalRequests: 5, maxTokens: 1, shouldFail: true },
    });
    expect(outcome.workers[0]).toMatchObject({
      status: "failed",
      report: { error: "worker 0 was told to fail" },
    });
    expect(outcome.records).toEqual([]);
  });

  it("stops the workers when aborted and keeps what they recorded", async () => {
    server = await startMockServer({ ttftMs: 50 });
    const controller = new AbortController();
    let seen = 0;
    const outcome = await runLoadWorkers({
      // With onRecord, records are streamed and not kept.
      onRecord: (record, deltaTimesMs) => {
        expect([...deltaTimesMs]).toEqual([record.firstByteMs, record.endMs]);
        if (++seen === 10) controller.abort();
      },
      entry,
      shares: splitLoad({ workerCount: 2, concurrency: 2 }),
      config: { origin: `http://127.0.0.1:${server.port}`, totalRequests: 10_000, maxTokens: 1 },
      signal: controller.signal,
    });
    expect(
      outcome.workers.every((worker) => worker.status === "ok" && worker.report["isAborted"] === true),
    ).toBe(true);
    expect(outcome.records).toEqual([]);
    expect(seen).toBeGreaterThanOrEqual(10);
    expect(seen).toBeLessThan(10_000);
  });
});
