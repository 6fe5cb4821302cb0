// Contract cases: which failures are retried (429/503 with retry-after, 5xx, a connection closed or refused before
// any answer), which are not (4xx, a stream that has begun), how long the backoff sleeps, and the key never shown.
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { OpenAiHttpBackendOptions } from "../../create-openai-http-backend.js";
import { chatDelta, delay, writeSse } from "../start-test-server.js";
import { API_KEY, type ContractContext, SHORT_CHAT } from "./contract-context.js";

export function okStream(response: ServerResponse): Promise<void> {
  return writeSse(response, [chatDelta({ content: "fine" }, "stop"), "data: [DONE]\n\n"]);
}

export function retryCases(context: ContractContext): void {
  /** A backend whose backoff sleeps are recorded and instant. */
  const backendWithSleeps = (options: Partial<OpenAiHttpBackendOptions> = {}) => {
    const sleeps: number[] = [];
    const backend = context.backend({
      apiKey: API_KEY,
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
    return { backend, sleeps };
  };

  describe("retries", () => {
    it("retries 503 with exponential backoff and jitter, then succeeds", async () => {
      context.server.handle((_request, response, index) => {
        if (index >= 2) return okStream(response);
        response.writeHead(503, { "content-type": "application/json" }).end('{"error":"busy"}');
        return undefined;
      });
      const { backend, sleeps } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "fine", attempts: 3 });
      expect(sleeps).toEqual([500 * 0.875, 1000 * 0.875]);
      expect(context.server.requests).toHaveLength(3);
    });

    it.each([
      [{ "retry-after-ms": "150" }, 150],
      [{ "retry-after": "2" }, 2000],
      [{ "retry-after-ms": "oops", "retry-after": "1.5" }, 1500],
      [{ "retry-after": "120" }, 500 * 0.875],
      [{ "retry-after": "-1" }, 500 * 0.875],
    ])("honours %j on a 429 (sleeps %d ms)", async (headers, expectedMs) => {
      context.server.handle((_request, response, index) => {
        if (index > 0) return okStream(response);
        response.writeHead(429, headers).end("slow down");
        return undefined;
      });
      const { backend, sleeps } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", attempts: 2 });
      expect(sleeps).toEqual([expectedMs]);
    });

    it("honours a Retry-After HTTP date on a 503", async () => {
      context.server.handle((_request, response, index) => {
        const date = new Date(Date.now() + 10_000).toUTCString();
        if (index > 0) return okStream(response);
        response.writeHead(503, { "retry-after": date }).end();
        return undefined;
      });
      const { backend, sleeps } = backendWithSleeps();
      await backend.generate(SHORT_CHAT);
      expect(sleeps).toHaveLength(1);
      expect(sleeps[0]).toBeGreaterThan(8000);
      expect(sleeps[0]).toBeLessThanOrEqual(10_000);
    });

    it("gives up after maxRetries and returns the server's message as data", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(500, { "content-type": "application/json" }).end(
          JSON.stringify({
            error: { message: "CUDA out of memory", type: "InternalServerError", code: 500 },
          }),
        );
      });
      const { backend, sleeps } = backendWithSleeps({ maxRetries: 3 });
      const result = await backend.generate(SHORT_CHAT);
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
    });

    it("does not retry a 400, and keeps its message", async () => {
      context.server.handle((_request, response) => {
        response
          .writeHead(400, { "content-type": "application/json" })
          .end(JSON.stringify({ object: "error", message: "max_tokens is too large", code: 400 }));
      });
      const { backend, sleeps } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 1, error: { httpStatus: 400 } });
      expect(result.error?.message).toContain("max_tokens is too large");
      expect(sleeps).toEqual([]);
      expect(context.server.requests).toHaveLength(1);
    });

    it("obeys x-should-retry: false on a 503 and true on a 400", async () => {
      context.server.handle((_request, response, index) => {
        if (index === 0) response.writeHead(503, { "x-should-retry": "false" }).end("down");
        else if (index === 1) response.writeHead(400, { "x-should-retry": "true" }).end("flaky");
        else return okStream(response);
        return undefined;
      });
      const { backend, sleeps } = backendWithSleeps();
      expect(await backend.generate(SHORT_CHAT)).toMatchObject({ status: "error", attempts: 1 });
      expect(await backend.generate(SHORT_CHAT)).toMatchObject({ status: "ok", attempts: 2 });
      expect(sleeps).toEqual([500 * 0.875]);
    });

    it("says to add /v1 on a 404 from a base URL without it", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(404, { "content-type": "application/json" }).end('{"detail":"Not Found"}');
      });
      const origin = new URL(context.server.baseUrl).origin;
      const { backend } = backendWithSleeps({ baseUrl: origin });
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 1, error: { httpStatus: 404 } });
      expect(context.server.requests[0]?.url).toBe("/chat/completions");
      expect(result.error?.message).toContain("Not Found");
      expect(result.error?.message).toContain(`try --base-url ${origin}/v1`);
    });

    it("without retries, keeps a 200 stream cut after its first byte as a stream_reset", async () => {
      context.server.handle(async (_request, response) => {
        await writeSse(response, [chatDelta({ content: "half" })], { end: false });
        await delay(20);
        response.destroy();
      });
      const { backend, sleeps } = backendWithSleeps({ maxRetries: 0 });
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 1, text: "half" });
      expect(result.error).toMatchObject({ code: "E_STREAM_INTERRUPTED", fault: "stream_reset" });
      expect(result.faults).toEqual({ stream_reset: 1 });
      expect(sleeps).toEqual([]);
      expect(context.server.requests).toHaveLength(1);
    });

    it("restarts a sample whose 200 stream was cut, dropping the partial answer", async () => {
      context.server.handle(async (_request, response, index) => {
        if (index > 0) return okStream(response);
        await writeSse(response, [chatDelta({ content: "half" })], { end: false });
        await delay(20);
        response.destroy();
        return undefined;
      });
      const { backend, sleeps } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", attempts: 2, text: "fine", faults: { stream_reset: 1 } });
      expect(result.error).toBeUndefined();
      expect(sleeps).toEqual([500 * 0.875]);
    });

    it("retries a connection reset before any response", async () => {
      context.server.handle((_request, response, index) => {
        if (index > 0) return okStream(response);
        response.socket?.destroy();
        return undefined;
      });
      const { backend, sleeps } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", attempts: 2, text: "fine" });
      expect(sleeps).toHaveLength(1);
    });

    it("returns a refused connection as an error after the retries", async () => {
      const { backend, sleeps } = backendWithSleeps({ baseUrl: await context.closedBaseUrl() });
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 3, error: { code: "E_CONNECTION" } });
      expect(result.error?.message).toContain("ECONNREFUSED");
      expect(sleeps).toHaveLength(2);
    });

    it("never shows the API key, even when the server echoes it", async () => {
      context.server.handle((request, response) => {
        response
          .writeHead(401)
          .end(JSON.stringify({ error: { message: `bad key ${request.headers.authorization}` } }));
      });
      const { backend } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", attempts: 1, error: { httpStatus: 401 } });
      expect(result.error?.message).toContain("rejected the API key");
      expect(result.error?.message).not.toContain(API_KEY);
    });

    it("never shows the API key in an error reported inside a stream", async () => {
      context.server.handle((request, response) =>
        writeSse(response, [
          `data: ${JSON.stringify({ error: { message: `key ${request.headers.authorization}` } })}\n\n`,
        ]),
      );
      const { backend } = backendWithSleeps();
      const result = await backend.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "error", error: { code: "E_STREAM_ERROR" } });
      expect(result.error?.message).toContain("key Bearer ***");
    });

    it("sends the keys inside the base URL but never shows them, even when the server echoes the URL", async () => {
      context.server.handle((request, response) => {
        response.writeHead(404).end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
      });
      const url = new URL(context.server.baseUrl);
      url.username = "user";
      url.password = "pass-SECRET";
      url.search = "?api_key=sk-QUERY-SECRET&api-version=1";
      const { backend } = backendWithSleeps({ baseUrl: url.toString() });
      const result = await backend.generate(SHORT_CHAT);
      expect(context.server.requests.at(-1)?.url).toContain("api_key=sk-QUERY-SECRET");
      expect(result).toMatchObject({ status: "error", error: { httpStatus: 404 } });
      expect(result.error?.message).toContain("api_key=***");
      expect(result.error?.message).not.toMatch(/SECRET/);
      const listing = await backend.listModels().then(
        () => "listed",
        (error: unknown) => String(error),
      );
      expect(listing).toContain("api_key=***");
      expect(listing).not.toMatch(/SECRET/);
    });
  });
}
