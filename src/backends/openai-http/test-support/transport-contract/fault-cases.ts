// Contract cases: each fault the mock server injects (issue 22), against a stand-in server: the attempt's fault
// class, the sample restarted from scratch when retries are allowed (never when they are not), and the anomalies of
// an answer that is accepted (a missing [DONE], a wrong Content-Type).
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../../../core/generation.js";
import type { OpenAiHttpBackendOptions } from "../../create-openai-http-backend.js";
import { chatDelta, delay, writeSse } from "../start-test-server.js";
import { type ContractContext, SHORT_CHAT } from "./contract-context.js";
import { okStream } from "./retry-cases.js";

const WHOLE_CHAT: GenerationRequest = { ...SHORT_CHAT, stream: false };

const WHOLE_ANSWER = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  choices: [{ index: 0, message: { role: "assistant", content: "whole" }, finish_reason: "stop" }],
});

/** A server that answers the first request with `fault`, and every later one with a good stream. */
type Fault = (response: ServerResponse, request: { closed: Promise<void> }) => void | Promise<void>;

export function faultCases(context: ContractContext): void {
  const backend = (options: Partial<OpenAiHttpBackendOptions> = {}) => {
    const sleeps: number[] = [];
    const made = context.backend({
      random: () => 0.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...options,
    });
    return { backend: made, sleeps };
  };
  const faultOnce = (fault: Fault): void => {
    context.server.handle((request, response, index) =>
      index > 0 ? okStream(response) : fault(response, request),
    );
  };

  const restarted: [string, Fault, Partial<OpenAiHttpBackendOptions>][] = [
    [
      "stream_reset",
      async (response) => {
        await writeSse(response, [chatDelta({ content: "hal" })], { end: false });
        await delay(10);
        response.socket?.resetAndDestroy();
      },
      {},
    ],
    [
      "timeout_idle",
      async (response, request) => {
        await writeSse(response, [chatDelta({ content: "hal" })], { end: false });
        await request.closed;
      },
      { idleTimeoutMs: 100 },
    ],
    [
      "malformed_stream",
      (response) => writeSse(response, [chatDelta({ content: "hal" }), 'data: {"id":"x","choi\n\n']),
      {},
    ],
    [
      "stream_error_event",
      (response) =>
        writeSse(response, [
          chatDelta({ content: "hal" }),
          'data: {"error":{"message":"boom","type":"InternalServerError","param":null,"code":500}}\n\n',
          "data: [DONE]\n\n",
        ]),
      {},
    ],
    ["incomplete_stream", (response) => writeSse(response, [chatDelta({ content: "hal" })]), {}],
    [
      "not_openai_response",
      (response) => {
        response.writeHead(200, { "content-type": "text/html" }).end("<html><body>Bad gateway</body></html>");
      },
      {},
    ],
    [
      "empty_body",
      (response) => {
        response.writeHead(200, { "content-type": "text/event-stream", "content-length": "0" }).end();
      },
      {},
    ],
    [
      "connection_reset",
      (response) => {
        // A close before any byte (an RST through TLS stalls the handshake layer instead of failing the request).
        response.socket?.destroy();
      },
      {},
    ],
    [
      "http_503",
      (response) => {
        response.writeHead(503, { "content-type": "application/json" }).end('{"error":{"message":"busy"}}');
      },
      {},
    ],
    [
      "http_429",
      (response) => {
        response.writeHead(429, { "retry-after": "0" }).end();
      },
      {},
    ],
  ];

  describe("faults", () => {
    it.each(restarted)(
      "restarts the sample after %s, keeping only the last attempt's answer",
      async (name, fault, options) => {
        faultOnce(fault);
        const { backend: made } = backend(options);
        const result = await made.generate(SHORT_CHAT);
        expect(result).toMatchObject({ status: "ok", text: "fine", attempts: 2, faults: { [name]: 1 } });
        expect(Object.keys(result.faults ?? {})).toEqual([name]);
        expect(result.error).toBeUndefined();
        expect(context.server.requests).toHaveLength(2);
      },
    );

    it.each(restarted)(
      "records %s as the failure, unretried, when retries are off",
      async (name, fault, options) => {
        faultOnce(fault);
        const { backend: made, sleeps } = backend({ ...options, maxRetries: 0 });
        const result = await made.generate(SHORT_CHAT);
        expect(result.status).not.toBe("ok");
        expect(result).toMatchObject({ attempts: 1, error: { fault: name }, faults: { [name]: 1 } });
        expect(sleeps).toEqual([]);
        expect(context.server.requests).toHaveLength(1);
      },
    );

    it("does not retry an in-stream error the server names as a client error (code 400)", async () => {
      faultOnce((response) =>
        writeSse(response, [
          chatDelta({ content: "hal" }),
          'data: {"error":{"message":"too long","type":"BadRequestError","param":null,"code":400}}\n\n',
          "data: [DONE]\n\n",
        ]),
      );
      const { backend: made, sleeps } = backend();
      const result = await made.generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "error",
        attempts: 1,
        error: { code: "E_STREAM_ERROR", httpStatus: 400, fault: "stream_error_event" },
        faults: { stream_error_event: 1 },
      });
      expect(sleeps).toEqual([]);
      expect(context.server.requests).toHaveLength(1);
    });

    it("counts every failed attempt of a sample that failed after all its retries", async () => {
      context.server.handle((_request, response) => writeSse(response, [chatDelta({ content: "hal" })]));
      const { backend: made, sleeps } = backend({ maxRetries: 2 });
      const result = await made.generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "error",
        attempts: 3,
        error: { code: "E_STREAM_INCOMPLETE", fault: "incomplete_stream" },
        faults: { incomplete_stream: 3 },
      });
      expect(sleeps).toHaveLength(2);
    });

    it("cuts a body over maxResponseBytes, closes its connection and retries", async () => {
      const cut: Promise<void>[] = [];
      context.server.handle(async (request, response, index) => {
        if (index > 0) return okStream(response);
        cut.push(request.closed);
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(`data: {"id":"x","choices":[{"index":0,"delta":{"content":"`);
        const piece = "x".repeat(64 * 1024);
        // Written until the client hangs up (never more than 4 MiB here).
        for (let written = 0; written < 64 && !response.destroyed; written++) {
          if (!response.write(piece)) await new Promise((resolve) => response.once("drain", resolve));
          if (response.socket === null || response.socket.destroyed) break;
        }
        return undefined;
      });
      const { backend: made } = backend({ maxResponseBytes: 256 * 1024 });
      const result = await made.generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "ok",
        text: "fine",
        attempts: 2,
        faults: { response_too_large: 1 },
      });
      await cut[0];
    });

    it("reports a body over maxResponseBytes as response_too_large when retries are off", async () => {
      context.server.handle((_request, response) => {
        response
          .writeHead(200, { "content-type": "application/json" })
          .end(`${" ".repeat(2000)}${WHOLE_ANSWER}`);
      });
      const { backend: made } = backend({ maxResponseBytes: 1000, maxRetries: 0 });
      const result = await made.generate(WHOLE_CHAT);
      expect(result).toMatchObject({
        status: "error",
        error: { code: "E_RESPONSE_TOO_LARGE", fault: "response_too_large" },
      });
      expect(result.error?.message).toContain("--max-response-bytes");
    });

    it("accepts a stream with its finish_reason but no [DONE], counting missing_done", async () => {
      context.server.handle((_request, response) =>
        writeSse(response, [chatDelta({ content: "whole" }), chatDelta({}, "stop")]),
      );
      const { backend: made } = backend();
      const result = await made.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "whole", attempts: 1, faults: { missing_done: 1 } });
    });

    it.each([
      ["a stream", SHORT_CHAT, `${chatDelta({ content: "whole" }, "stop")}data: [DONE]\n\n`],
      ["a whole answer", WHOLE_CHAT, WHOLE_ANSWER],
      ["a whole answer to a stream request", SHORT_CHAT, WHOLE_ANSWER],
    ])(
      "reads %s labelled text/plain by its shape, counting wrong_content_type",
      async (_what, request, body) => {
        context.server.handle((_request, response) => {
          response.writeHead(200, { "content-type": "text/plain; charset=utf-8" }).end(body);
        });
        const { backend: made } = backend();
        const result = await made.generate(request);
        expect(result).toMatchObject({
          status: "ok",
          text: "whole",
          attempts: 1,
          faults: { wrong_content_type: 1 },
        });
      },
    );

    it("survives a slow trickle whose gaps stay under the idle limit, with no fault", async () => {
      const body = `${chatDelta({ content: "whole" }, "stop")}data: [DONE]\n\n`;
      const pieces = body.match(/[\s\S]{1,8}/g) ?? [];
      context.server.handle((_request, response) => writeSse(response, pieces, { gapMs: 5 }));
      const { backend: made } = backend({ idleTimeoutMs: 500 });
      const result = await made.generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "whole", attempts: 1 });
      expect(result.faults).toBeUndefined();
    });

    it("classes a refused connection as connection_refused", async () => {
      const { backend: made } = backend({ baseUrl: await context.closedBaseUrl(), maxRetries: 1 });
      const result = await made.generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "error",
        attempts: 2,
        error: { code: "E_CONNECTION", fault: "connection_refused" },
        faults: { connection_refused: 2 },
      });
    });

    it("never retries an abort, and counts no fault for it", async () => {
      context.server.handle(async (request, response) => {
        await writeSse(response, [chatDelta({ content: "hal" })], { end: false });
        await request.closed;
      });
      const controller = new AbortController();
      const { backend: made } = backend();
      const pending = made.generate(SHORT_CHAT, { signal: controller.signal });
      await delay(50);
      controller.abort();
      const result = await pending;
      expect(result).toMatchObject({ status: "aborted", attempts: 1 });
      expect(result.faults).toBeUndefined();
    });
  });
}
