import { afterEach, describe, expect, it } from "vitest";
import { type MockServer, startMockServer } from "./start-mock-server.js";
import { runLoadTest } from "./test-support/run-load-test.js";

let server: MockServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const body = JSON.stringify({ messages: [{ role: "user", content: "Hello there" }], max_tokens: 16 });

describe("mock server under load (client and server share this process and a 2-core machine)", () => {
  it("serves small non-streaming requests at concurrency 128 without a failure", async () => {
    server = await startMockServer({});
    const origin = `http://127.0.0.1:${server.port}`;
    const result = await runLoadTest({
      origin,
      path: "/v1/chat/completions",
      body,
      concurrency: 128,
      durationMs: 1_000,
    });
    process.stderr.write(
      `mock server, in-process load test: ${Math.round(result.requestsPerSecond)} req/s\n`,
    );
    // Speed is measured by `bench/mock-server-throughput.mjs`, not here: a loaded machine must not fail a test.
    expect(result.failures).toBe(0);
    expect(result.requestsPerSecond).toBeGreaterThan(0);
  });

  it("holds each request for its ttft at concurrency 64, so the rate is at most 64 / ttft", async () => {
    server = await startMockServer({ ttftMs: 100 });
    const origin = `http://127.0.0.1:${server.port}`;
    const result = await runLoadTest({
      origin,
      path: "/v1/chat/completions",
      body,
      concurrency: 64,
      durationMs: 1_000,
    });
    // No request is answered before its ttft: at most 64 every 100 ms (a busy machine may serve fewer).
    const idealPerSecond = 64 / 0.1;
    expect(result.failures).toBe(0);
    expect(result.requestsPerSecond).toBeLessThanOrEqual(idealPerSecond * 1.01);
  });
});
