// Tests that a request's sentMs is when undici wrote it to the socket, not when generate() was called, and that a
// request still waiting for a connection ends at its time limit without ever being written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../core/generation.js";
import { createOpenAiHttpBackend } from "./create-openai-http-backend.js";
import { delay, startTestServer, type TestServer } from "./test-support/start-test-server.js";

const REQUEST: GenerationRequest = {
  prompt: { type: "completion", text: "2 + 2 =" },
  params: {},
  stream: false,
};
const SERVER_MS = 80;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.handle(async (_request, response) => {
    await delay(SERVER_MS);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ choices: [{ index: 0, text: " 4", finish_reason: "stop" }] }));
  });
});
afterAll(async () => {
  await server.close();
});

describe("request sent time", () => {
  it("a request held back for the only connection is sent when the first has ended", async () => {
    const backend = createOpenAiHttpBackend({ baseUrl: server.baseUrl, model: "m", connections: 1 });
    try {
      const calledMs = performance.now();
      const [first, second] = await Promise.all([backend.generate(REQUEST), backend.generate(REQUEST)]);
      expect(first.status).toBe("ok");
      expect(second.status).toBe("ok");
      expect(first.timings.sentMs).toBeGreaterThanOrEqual(calledMs);
      // The second waited for the connection: its send is after the first response, its latency the server's alone.
      expect(second.timings.sentMs).toBeGreaterThanOrEqual(first.timings.firstByteMs ?? Number.NaN);
      expect(second.timings.endMs - second.timings.sentMs).toBeGreaterThanOrEqual(SERVER_MS - 1);
      expect(second.timings.endMs - second.timings.sentMs).toBeLessThan(2 * SERVER_MS);
    } finally {
      await backend.close();
    }
  });

  it("a request that times out waiting for the only connection ends then and is never written", async () => {
    const backend = createOpenAiHttpBackend({
      baseUrl: server.baseUrl,
      model: "m",
      connections: 1,
      timeoutMs: SERVER_MS / 4,
      maxRetries: 0,
    });
    const arrivals = server.requests.length;
    try {
      const calledMs = performance.now();
      const [first, second] = await Promise.all([backend.generate(REQUEST), backend.generate(REQUEST)]);
      expect(first.status).toBe("timeout");
      expect(second.status).toBe("timeout");
      // Both end at their own limit, not when the connection frees up.
      expect(second.timings.endMs - calledMs).toBeLessThan(SERVER_MS);
      await delay(SERVER_MS * 2);
      expect(server.requests.length - arrivals).toBe(1);
    } finally {
      await backend.close();
    }
  });
});
