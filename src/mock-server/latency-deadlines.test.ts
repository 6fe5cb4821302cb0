// The mock's latency deadlines as a client sees them: token i at arrival + ttft + offset(i), streamed and whole.
import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { jsonEvents, postJson } from "./test-support/http-client.js";

// Only the early side is bounded: no token may come before its deadline. How late a loaded machine runs a timer is
// not the server's behaviour, so no test bounds it (speed and lateness are measured by the benches).
const EARLY_TOLERANCE_MS = 2;

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the mock server's latency model over HTTP", () => {
  it("streams token i at arrival + ttft + i × itl (absolute deadlines, no drift)", async () => {
    server = await startMockServer({ ttftMs: 50, itlMs: 10 });
    const result = await postJson(`${server.url}/chat/completions`, {
      messages: [{ role: "user", content: "go" }],
      stream: true,
      max_tokens: 20,
    });
    const contentEvents = result.events.filter(
      (event) => event.data.includes('"content":"') && !event.data.includes('"role"'),
    );
    const tokens = contentEvents.filter((event) => !event.data.includes('"content":""'));
    expect(tokens).toHaveLength(20);
    const firstMs = (tokens[0]?.atMs ?? 0) - result.sentMs;
    const lastMs = (tokens[19]?.atMs ?? 0) - result.sentMs;
    expect(firstMs).toBeGreaterThanOrEqual(50 - EARLY_TOLERANCE_MS);
    expect(lastMs).toBeGreaterThanOrEqual(50 + 19 * 10 - EARLY_TOLERANCE_MS);
    // Every token respects its own deadline.
    tokens.forEach((event, index) => {
      expect(event.atMs - result.sentMs).toBeGreaterThanOrEqual(50 + index * 10 - EARLY_TOLERANCE_MS);
    });
  });

  it("writes token i at its absolute deadline: every token of 100 at 2 ms, none early, in order", async () => {
    server = await startMockServer({ ttftMs: 0, itlMs: 2, isChunkTimestamped: true });
    const result = await postJson(`${server.url}/completions`, {
      prompt: "go",
      stream: true,
      max_tokens: 100,
    });
    const chunks = jsonEvents(result) as Array<{
      server_ts_ms: number;
      server_arrival_ts_ms?: number;
      choices: Array<{ text: string }>;
    }>;
    const tokens = chunks.filter((chunk) => (chunk.choices[0]?.text ?? "") !== "");
    expect(tokens).toHaveLength(100);
    const arrivalMs = chunks[0]?.server_arrival_ts_ms ?? Number.NaN;
    tokens.forEach((chunk, index) => {
      expect(chunk.server_ts_ms - arrivalMs).toBeGreaterThanOrEqual(index * 2 - EARLY_TOLERANCE_MS);
      if (index > 0) expect(chunk.server_ts_ms).toBeGreaterThanOrEqual(tokens[index - 1]?.server_ts_ms ?? 0);
    });
  });

  it("with itl 0 writes every token at the ttft, none early", async () => {
    server = await startMockServer({ ttftMs: 30, itlMs: 0 });
    const result = await postJson(`${server.url}/completions`, {
      prompt: "go",
      stream: true,
      max_tokens: 50,
    });
    expect(result.events).toHaveLength(50 + 2);
    const tokens = (jsonEvents(result) as Array<{ choices: Array<{ text: string }> }>).filter(
      (chunk) => (chunk.choices[0]?.text ?? "") !== "",
    );
    expect(tokens).toHaveLength(50);
    const times = result.events.map((event) => event.atMs - result.sentMs);
    expect(Math.min(...times)).toBeGreaterThanOrEqual(30 - EARLY_TOLERANCE_MS);
  });

  it("answers a non-streaming request at arrival + ttft + (n − 1) × itl", async () => {
    server = await startMockServer({ ttftMs: 40, itlMs: 5 });
    const sentMs = performance.now();
    const result = await postJson(`${server.url}/completions`, { prompt: "go", max_tokens: 13 });
    const elapsedMs = performance.now() - sentMs;
    expect(JSON.parse(result.text).usage.completion_tokens).toBe(13);
    expect(elapsedMs).toBeGreaterThanOrEqual(40 + 12 * 5 - EARLY_TOLERANCE_MS);
  });

  it("keeps concurrent streams on their own deadlines", async () => {
    // Read on the server's own clock (chunk timestamps): 32 connections opened at once under load would otherwise
    // put the client's connect time into the figures. No token is written before its stream's own deadline.
    server = await startMockServer({ ttftMs: 20, itlMs: 5, isChunkTimestamped: true });
    const url = `${server.url}/completions`;
    const results = await Promise.all(
      Array.from({ length: 32 }, () => postJson(url, { prompt: "go", stream: true, max_tokens: 20 })),
    );
    for (const result of results) {
      const chunks = jsonEvents(result) as Array<{
        server_ts_ms: number;
        server_arrival_ts_ms?: number;
        choices: Array<{ text: string }>;
      }>;
      const arrivalMs = chunks[0]?.server_arrival_ts_ms ?? Number.NaN;
      const tokens = chunks.filter((chunk) => (chunk.choices[0]?.text ?? "") !== "");
      expect(tokens).toHaveLength(20);
      tokens.forEach((chunk, index) => {
        expect(chunk.server_ts_ms - arrivalMs).toBeGreaterThanOrEqual(20 + index * 5 - EARLY_TOLERANCE_MS);
      });
    }
  });
});
