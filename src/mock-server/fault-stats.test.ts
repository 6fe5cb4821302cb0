// What the mock server counts of its faults (`GET /faults/stats`, `snapshot().faults`), and what the oracle ledger
// counts as served when a fault hits an oracle answer.
import { afterEach, describe, expect, it } from "vitest";
import { FAULT_KINDS, type FaultKind, parseFaultRates } from "../config/fault-rates.js";
import { buildFaultTable, pickFault } from "./fault-table.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { FAKE_RECIPE, fakeBenchmark } from "./test-support/fake-benchmark.js";
import { rawExchange } from "./test-support/raw-exchange.js";

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const chat = (isStream: boolean) => ({
  messages: [{ role: "user", content: "Say a few words." }],
  stream: isStream,
  max_tokens: 6,
});

describe("fault counts", () => {
  it("/faults/stats counts every request and each kind exactly as the seeded draw picks them", async () => {
    const seed = 4;
    const items = ["all=0.85", "0.05"];
    const parsed = parseFaultRates(items);
    if (parsed.status === "error") throw new Error(parsed.message);
    const server = await startMockServer({
      faultKindRates: parsed.rates.kinds,
      faultRate: parsed.rates.statusRate,
      faultStatus: 504,
      faultSeed: seed,
      faultStallMs: 5,
      faultTrickleMs: 0,
    });
    servers.push(server);
    const requestCount = 120;
    for (let index = 0; index < requestCount; index++)
      await rawExchange(server.port, chat(index % 2 === 0), { maxBytes: 256 * 1024, closeWaitMs: 0 });
    const table = buildFaultTable(parsed.rates);
    const expected: Record<string, number> = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0]));
    for (let number = 1; number <= requestCount; number++) {
      const choice = pickFault(table, seed, number);
      if (choice === undefined) continue;
      const key = choice === "status" ? "http-504" : choice;
      expected[key] = (expected[key] ?? 0) + 1;
    }
    const stats = JSON.parse(
      (await rawExchange(server.port, undefined, { method: "GET", path: "/faults/stats" })).body,
    );
    expect(stats).toEqual({ requests: requestCount, faults: expected });
    expect(server.snapshot().faults).toEqual(stats);
    // Every kind came up at least once in 120 requests at 5 % each.
    expect(FAULT_KINDS.filter((kind) => (expected[kind] ?? 0) === 0)).toEqual([]);
  });
});

describe("the oracle ledger under faults", () => {
  // Served counts an answer of which bytes went out: the kinds that rewrite the oracle's answer. Kinds that answer
  // in its place never ask the backend, so the ledger does not count them (as for HTTP errors).
  it.each([
    ["http-503", true, 0],
    ["http-429-retry-after-date", false, 0],
    ["reset-before-response", true, 0],
    ["html-200", false, 0],
    ["empty-body", true, 0],
    ["oversized", true, 0],
    ["error-event", false, 0],
    ["error-event", true, 1],
    ["reset-mid-stream", true, 1],
    ["reset-mid-stream", false, 1],
    ["stall", true, 1],
    ["broken-json-chunk", true, 1],
    ["missing-done", false, 1],
    ["wrong-content-type", true, 1],
    ["slow-trickle", false, 1],
  ] as const)("%s (streamed: %s): served %d", async (kind: FaultKind, isStream, served) => {
    const benchmark = fakeBenchmark({ sampleCount: 2 });
    const server = await startMockServer({
      oracle: {
        benchmarks: [{ benchmark, recipe: FAKE_RECIPE, samples: benchmark.samples }],
        accuracy: 1,
        seed: 0,
      },
      faultKindRates: { [kind]: 1 },
      faultStallMs: 5,
      faultTrickleMs: 0,
    });
    servers.push(server);
    const sample = benchmark.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const prompt = benchmark.buildPrompt(sample, "chat");
    if (prompt.type !== "chat") throw new Error("not a chat prompt");
    await rawExchange(
      server.port,
      { messages: prompt.messages, stream: isStream, max_tokens: 32 },
      { maxBytes: 256 * 1024, closeWaitMs: 0 },
    );
    expect(server.oracle?.stats().benchmarks["fake"]?.served ?? 0).toBe(served);
    expect(server.snapshot().faults.faults[kind]).toBe(1);
  });
});
