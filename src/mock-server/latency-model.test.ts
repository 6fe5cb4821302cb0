// The latency model end to end: TTFT deviations and prompt cost, output lengths, server-side chunk timestamps.
import { afterEach, describe, expect, it } from "vitest";
import { planLatency } from "./latency-plan.js";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { fakeBenchmark } from "./test-support/fake-benchmark.js";
import { jsonEvents, postJson } from "./test-support/http-client.js";

const EARLY_TOLERANCE_MS = 2;

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Chunk = {
  server_ts_ms?: number;
  server_arrival_ts_ms?: number;
  choices: Array<{ text?: string; delta?: { content?: string } }>;
};

describe("mock server latency model", () => {
  it("waits the drawn TTFT of each request, which grows with the prompt", async () => {
    const options = { ttftMs: 40, ttftStddevMs: 15, ttftPerPromptTokenMs: 2, latencySeed: 4 };
    server = await startMockServer(options);
    const prompt = "one two three four five six seven eight nine ten";
    for (let requestNumber = 1; requestNumber <= 3; requestNumber++) {
      const result = await postJson(`${server.url}/completions`, { prompt, max_tokens: 2, stream: true });
      const expectedMs = planLatency(
        { ...options, itlMs: 0, itlStddevMs: 0, seed: options.latencySeed },
        requestNumber,
        10,
        2,
      ).ttftMs;
      expect(expectedMs).toBeGreaterThanOrEqual(20);
      const firstMs = (result.events[0]?.atMs ?? 0) - result.sentMs;
      expect(firstMs).toBeGreaterThanOrEqual(expectedMs - EARLY_TOLERANCE_MS);
    }
  });

  it("runs filler to max_tokens or min_tokens; a stop string wins unless it leaves fewer than min_tokens", async () => {
    server = await startMockServer({ defaultOutputTokens: 3 });
    const ask = async (extra: Record<string, unknown>) =>
      JSON.parse((await postJson(`${server?.url}/completions`, { prompt: "p", ...extra })).text) as {
        choices: Array<{ text: string; finish_reason: string }>;
        usage: { completion_tokens: number };
      };
    expect((await ask({})).usage.completion_tokens).toBe(3);
    expect((await ask({ max_tokens: 40 })).usage.completion_tokens).toBe(40);
    expect((await ask({ min_tokens: 9 })).usage.completion_tokens).toBe(9);
    // A stop string that would leave fewer than min_tokens is ignored.
    const stopped = await ask({ stop: "brown", max_tokens: 10 });
    expect(stopped.usage.completion_tokens).toBe(2);
    const atLeast = await ask({ stop: "brown", max_tokens: 10, min_tokens: 5 });
    expect(atLeast.usage.completion_tokens).toBe(10);
    expect(atLeast.choices[0]?.finish_reason).toBe("length");
    // ignore_eos ignores the natural end, not a stop string.
    const ignored = await ask({ stop: "brown", max_tokens: 12, ignore_eos: true });
    expect(ignored.usage.completion_tokens).toBe(2);
  });

  it("pads an oracle answer with filler: to max_tokens with ignore_eos, to min_tokens without", async () => {
    const benchmark = fakeBenchmark({ sampleCount: 5 });
    server = await startMockServer({
      oracle: {
        benchmarks: [{ benchmark, recipe: benchmark.recipes[0], samples: benchmark.samples }],
        accuracy: 1,
      },
    });
    const sample = benchmark.samples[0];
    if (sample === undefined) throw new Error("no sample");
    const prompt = benchmark.buildPrompt(sample, "completions");
    if (prompt.type !== "completion") throw new Error("expected a completion prompt");
    const ask = async (extra: Record<string, unknown>) =>
      JSON.parse((await postJson(`${server?.url}/completions`, { prompt: prompt.text, ...extra })).text) as {
        choices: Array<{ text: string; finish_reason: string }>;
        usage: { completion_tokens: number };
      };
    const natural = await ask({ max_tokens: 50 });
    expect(natural.choices[0]?.finish_reason).toBe("stop");
    expect(natural.usage.completion_tokens).toBeLessThan(10);
    const padded = await ask({ max_tokens: 50, ignore_eos: true });
    expect(padded.usage.completion_tokens).toBe(50);
    expect(padded.choices[0]?.finish_reason).toBe("length");
    expect(padded.choices[0]?.text.startsWith(natural.choices[0]?.text ?? "?")).toBe(true);
    const minimum = await ask({ max_tokens: 50, min_tokens: 20 });
    expect(minimum.usage.completion_tokens).toBe(20);
    expect(minimum.choices[0]?.finish_reason).toBe("stop");
    const stats = server.oracle?.stats();
    expect(stats?.benchmarks["fake"]?.served).toBe(3);
  });

  it("stamps every chunk with server_ts_ms when asked, close to when the client read it", async () => {
    server = await startMockServer({ ttftMs: 20, itlMs: 10, isChunkTimestamped: true });
    const result = await postJson(`${server.url}/chat/completions`, {
      messages: [{ role: "user", content: "go" }],
      stream: true,
      max_tokens: 10,
      stream_options: { include_usage: true },
    });
    const chunks = jsonEvents(result) as Chunk[];
    expect(chunks.every((chunk) => typeof chunk.server_ts_ms === "number")).toBe(true);
    const events = result.events.filter((event) => event.data !== "[DONE]");
    events.forEach((event, index) => {
      const serverEpochMs = chunks[index]?.server_ts_ms ?? 0;
      const clientEpochMs = performance.timeOrigin + event.atMs;
      // Same machine, same clock: the client reads a chunk after the server wrote it (how long after is the
      // machine's load, not the server's behaviour).
      expect(clientEpochMs - serverEpochMs).toBeGreaterThan(-1);
    });
    // Never early: token i is stamped no sooner than send + ttft + i × itl (the server's arrival is later still).
    const sentEpochMs = performance.timeOrigin + result.sentMs;
    chunks.slice(1, 11).forEach((chunk, index) => {
      expect((chunk.server_ts_ms ?? 0) - sentEpochMs).toBeGreaterThanOrEqual(
        20 + 10 * index - EARLY_TOLERANCE_MS,
      );
    });
    // The first write's chunks say when the request arrived: after the client sent it, ttft before the first token.
    const arrivalEpochMs = chunks[0]?.server_arrival_ts_ms ?? 0;
    expect(arrivalEpochMs - sentEpochMs).toBeGreaterThan(-1);
    expect((chunks[1]?.server_ts_ms ?? 0) - arrivalEpochMs).toBeGreaterThanOrEqual(20 - EARLY_TOLERANCE_MS);
    expect(chunks.at(-1)?.server_arrival_ts_ms).toBeUndefined();
    const plain = await startMockServer({});
    try {
      const unstamped = await postJson(`${plain.url}/completions`, {
        prompt: "p",
        stream: true,
        max_tokens: 2,
      });
      expect(unstamped.text).not.toContain("server_ts_ms");
    } finally {
      await plain.close();
    }
  });
});
