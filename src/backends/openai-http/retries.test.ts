// Tests retries against a real HTTP server: which failures are retried, how long the backoff asks to sleep.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../core/generation.js";
import { createOpenAiHttpBackend, type OpenAiHttpBackendOptions } from "./create-openai-http-backend.js";
import {
  chatDelta,
  closedPort,
  delay,
  startTestServer,
  type TestServer,
  writeSse,
} from "./test-support/start-test-server.js";

const REQUEST: GenerationRequest = {
  prompt: { type: "chat", messages: [{ role: "user", content: "hi" }] },
  params: {},
  stream: true,
};
const API_KEY = "sk-secret-abcdef123456";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => {
  server.requests.length = 0;
});

/** A backend whose sleeps are recorded and instant. */
function backendWithSleeps(options: Partial<OpenAiHttpBackendOptions> = {}) {
  const sleeps: number[] = [];
  const backend = createOpenAiHttpBackend({
    baseUrl: server.baseUrl,
    model: "m",
    apiKey: API_KEY,
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { backend, sleeps };
}

function okStream(response: Parameters<Parameters<TestServer["handle"]>[0]>[1]): Promise<void> {
  return writeSse(response, [chatDelta({ content: "fine" }, "stop"), "data: [DONE]\n\n"]);
}

describe("retries", () => {
  it("retries 503 with exponential backoff and jitter, then succeeds", async () => {
    server.handle((_request, response, index) => {
      if (index >= 2) return okStream(response);
      response.writeHead(503, { "content-type": "application/json" }).end('{"error":"busy"}');
      return undefined;
    });
    const { backend, sleeps } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "ok", text: "fine", attempts: 3 });
    expect(sleeps).toEqual([500 * 0.875, 1000 * 0.875]);
    expect(server.requests).toHaveLength(3);
    await backend.close();
  });

  it.each([
    [{ "retry-after-ms": "150" }, 150],
    [{ "retry-after": "2" }, 2000],
    [{ "retry-after-ms": "oops", "retry-after": "1.5" }, 1500],
    [{ "retry-after": "120" }, 500 * 0.875],
    [{ "retry-after": "-1" }, 500 * 0.875],
  ])("honours %j on a 429 (sleeps %d ms)", async (headers, expectedMs) => {
    server.handle((_request, response, index) => {
      if (index > 0) return okStream(response);
      response.writeHead(429, headers).end("slow down");
      return undefined;
    });
    const { backend, sleeps } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "ok", attempts: 2 });
    expect(sleeps).toEqual([expectedMs]);
    await backend.close();
  });

  it("honours a Retry-After HTTP date", async () => {
    server.handle((_request, response, index) => {
      const date = new Date(Date.now() + 10_000).toUTCString();
      if (index > 0) return okStream(response);
      response.writeHead(429, { "retry-after": date }).end();
      return undefined;
    });
    const { backend, sleeps } = backendWithSleeps();
    await backend.generate(REQUEST);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThan(8000);
    expect(sleeps[0]).toBeLessThanOrEqual(10_000);
    await backend.close();
  });

  it("gives up after maxRetries and returns the server's message as data", async () => {
    server.handle((_request, response) => {
      response.writeHead(500, { "content-type": "application/json" }).end(
        JSON.stringify({
          error: { message: "CUDA out of memory", type: "InternalServerError", code: 500 },
        }),
      );
    });
    const { backend, sleeps } = backendWithSleeps({ maxRetries: 3 });
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({
      status: "error",
      attempts: 4,
      text: "",
      finishReason: "unknown",
      error: { code: "E_API_CALL", httpStatus: 500 },
    });
    expect(result.error?.message).toContain("CUDA out of memory");
    expect(result.error?.message).toContain("HTTP 500");
    expect(sleeps).toEqual([437.5, 875, 1750]);
    await backend.close();
  });

  it("does not retry a 400", async () => {
    server.handle((_request, response) => {
      response
        .writeHead(400, { "content-type": "application/json" })
        .end(JSON.stringify({ object: "error", message: "max_tokens is too large", code: 400 }));
    });
    const { backend, sleeps } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "error", attempts: 1, error: { httpStatus: 400 } });
    expect(result.error?.message).toContain("max_tokens is too large");
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
    await backend.close();
  });

  it("obeys x-should-retry: false on a 503 and true on a 400", async () => {
    server.handle((_request, response, index) => {
      if (index === 0) response.writeHead(503, { "x-should-retry": "false" }).end("down");
      else if (index === 1) response.writeHead(400, { "x-should-retry": "true" }).end("flaky");
      else return okStream(response);
      return undefined;
    });
    const { backend, sleeps } = backendWithSleeps();
    expect(await backend.generate(REQUEST)).toMatchObject({ status: "error", attempts: 1 });
    expect(await backend.generate(REQUEST)).toMatchObject({ status: "ok", attempts: 2 });
    expect(sleeps).toEqual([500 * 0.875]);
    await backend.close();
  });

  it("never retries once a 200 stream has sent its first byte", async () => {
    server.handle(async (_request, response) => {
      await writeSse(response, [chatDelta({ content: "half" })], { end: false });
      await delay(20);
      response.destroy();
    });
    const { backend, sleeps } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "error", attempts: 1, text: "half" });
    expect(result.error?.code).toBe("E_STREAM_INTERRUPTED");
    expect(sleeps).toEqual([]);
    expect(server.requests).toHaveLength(1);
    await backend.close();
  });

  it("retries a connection closed before any response", async () => {
    server.handle((_request, response, index) => {
      if (index > 0) return okStream(response);
      response.socket?.destroy();
      return undefined;
    });
    const { backend, sleeps } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "ok", attempts: 2, text: "fine" });
    expect(sleeps).toHaveLength(1);
    await backend.close();
  });

  it("returns a refused connection as an error after the retries", async () => {
    const port = await closedPort();
    const { backend, sleeps } = backendWithSleeps({ baseUrl: `http://127.0.0.1:${port}/v1` });
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "error", attempts: 3, error: { code: "E_CONNECTION" } });
    expect(result.error?.message).toContain("ECONNREFUSED");
    expect(sleeps).toHaveLength(2);
    await backend.close();
  });

  it("never shows the API key, even when the server echoes it", async () => {
    server.handle((request, response) => {
      response
        .writeHead(401)
        .end(JSON.stringify({ error: { message: `bad key ${request.headers.authorization}` } }));
    });
    const { backend } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "error", attempts: 1, error: { httpStatus: 401 } });
    expect(result.error?.message).toContain("rejected the API key");
    expect(result.error?.message).not.toContain(API_KEY);
    await backend.close();
  });

  it("never shows the API key in an error reported inside a stream", async () => {
    server.handle((request, response) =>
      writeSse(response, [
        `data: ${JSON.stringify({ error: { message: `key ${request.headers.authorization}` } })}\n\n`,
      ]),
    );
    const { backend } = backendWithSleeps();
    const result = await backend.generate(REQUEST);
    expect(result).toMatchObject({ status: "error", error: { code: "E_STREAM_ERROR" } });
    expect(result.error?.message).toContain("key Bearer ***");
    await backend.close();
  });
});
