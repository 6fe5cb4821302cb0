// Contract cases: the total, first-chunk and idle limits, the cut after [DONE], and cancellation before the request
// is written, before the first byte, mid-stream and during a backoff sleep; partial text kept, sockets closed.
import { describe, expect, it } from "vitest";
import type { GenerationRequest } from "../../../../core/generation.js";
import { chatDelta, delay, writeSse } from "../start-test-server.js";
import { type ContractContext, SHORT_CHAT } from "./contract-context.js";

const WHOLE_COMPLETION: GenerationRequest = {
  prompt: { type: "completion", text: "2 + 2 =" },
  params: {},
  stream: false,
};

export function timeLimitAndAbortCases(context: ContractContext): void {
  /** Server side of a stream that sends `pieces`, then stays open until the client goes away. */
  const stallAfter = (pieces: string[]): void => {
    context.server.handle(async (request, response) => {
      await writeSse(response, pieces, { end: false });
      await request.closed;
    });
  };

  describe("time limits", () => {
    it("returns status timeout when the whole request runs past timeoutMs, and closes the connection", async () => {
      context.server.handle((request) => request.closed);
      const result = await context.backend({ timeoutMs: 150, maxRetries: 0 }).generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "timeout",
        attempts: 1,
        error: { code: "E_REQUEST_TIMEOUT", fault: "timeout_total" },
        faults: { timeout_total: 1 },
      });
      expect(result.error?.message).toContain("total");
      await context.server.requests[0]?.closed;
    });

    it("applies firstChunkTimeoutMs until the first body byte", async () => {
      context.server.handle(async (request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.flushHeaders();
        await request.closed;
      });
      const result = await context.backend({ firstChunkTimeoutMs: 100, maxRetries: 0 }).generate(SHORT_CHAT);
      expect(result).toMatchObject({
        status: "timeout",
        error: { code: "E_REQUEST_TIMEOUT", fault: "timeout_first_byte" },
      });
      expect(result.error?.message).toContain("first-chunk");
      expect(result.timings.firstByteMs).toBeUndefined();
    });

    it("applies idleTimeoutMs between chunks and keeps the partial text", async () => {
      stallAfter([chatDelta({ content: "par" }), chatDelta({ content: "tial" })]);
      const result = await context
        .backend({ idleTimeoutMs: 120, firstChunkTimeoutMs: 5000, maxRetries: 0 })
        .generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "timeout", text: "partial", error: { fault: "timeout_idle" } });
      expect(result.error?.message).toContain("idle");
    });

    it("does not time out a slow stream whose chunks keep coming within idleTimeoutMs", async () => {
      context.server.handle((_request, response) =>
        writeSse(response, [chatDelta({ content: "a" }), chatDelta({ content: "b" }), "data: [DONE]\n\n"], {
          gapMs: 60,
        }),
      );
      const result = await context
        .backend({ idleTimeoutMs: 2000, firstChunkTimeoutMs: 2000 })
        .generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "ab" });
    });

    it("ends a request still waiting for the only connection at its own limit, and never writes it", async () => {
      let release = (): void => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let isFirstEnded = false;
      let isLaterWrittenWhileWaiting = false;
      context.server.handle(async (request, response) => {
        if (request.method === "GET") {
          response.writeHead(200, { "content-type": "application/json" }).end('{"data":[]}');
          return;
        }
        if (context.server.requests.indexOf(request) === 0) {
          void request.closed.then(() => {
            isFirstEnded = true;
          });
        } else if (!isFirstEnded) isLaterWrittenWhileWaiting = true;
        await released;
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ choices: [{ index: 0, text: " 4", finish_reason: "stop" }] }));
      });
      const backend = context.backend({ connections: 1, timeoutMs: 300, maxRetries: 0 });
      // Connected first, so that the first request is written at once and the second waits for its connection.
      await backend.openConnections?.(1);
      context.server.requests.length = 0;
      // The server holds the first request until both have ended: each ended at its limit, not when a connection freed.
      const [first, second] = await Promise.all([
        backend.generate(WHOLE_COMPLETION),
        backend.generate(WHOLE_COMPLETION),
      ]);
      release();
      expect(first.status).toBe("timeout");
      expect(second.status).toBe("timeout");
      await context.server.requests[0]?.closed;
      // Never written while it waited. (undici may still write it on a fresh connection once the first request's
      // timeout freed the only one, when a loaded machine runs the second's timer later than the first's.)
      expect(isLaterWrittenWhileWaiting).toBe(false);
      if (context.server.baseUrl.startsWith("http:")) expect(context.server.requests).toHaveLength(1);
    });
  });

  describe("sent time", () => {
    it("is when a request held back for the only connection was written, not when generate was called", async () => {
      context.server.handle(async (_request, response) => {
        await delay(50);
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ choices: [{ index: 0, text: " 4", finish_reason: "stop" }] }));
      });
      const backend = context.backend({ connections: 1 });
      const calledMs = performance.now();
      const [first, second] = await Promise.all([
        backend.generate(WHOLE_COMPLETION),
        backend.generate(WHOLE_COMPLETION),
      ]);
      expect(first.status).toBe("ok");
      expect(second.status).toBe("ok");
      expect(first.timings.sentMs).toBeGreaterThanOrEqual(calledMs);
      expect(second.timings.sentMs).toBeGreaterThanOrEqual(first.timings.firstByteMs ?? Number.NaN);
    });
  });

  describe("after [DONE]", () => {
    it("cuts a body that does not end soon after [DONE], and reports the answer as ok, ended at [DONE]", async () => {
      stallAfter([chatDelta({ content: "done" }, "stop"), "data: [DONE]\n\n"]);
      const result = await context.backend().generate(SHORT_CHAT);
      expect(result).toMatchObject({ status: "ok", text: "done", finishReason: "stop" });
      expect(result.error).toBeUndefined();
      const lastDeltaMs = result.timings.deltaTimesMs.at(-1) ?? Number.NaN;
      // The end is the [DONE] (with or right after the last delta), not the cut, which comes a second after it.
      expect(result.timings.endMs - lastDeltaMs).toBeLessThan(1000);
      await context.server.requests[0]?.closed;
    });
  });

  describe("abort", () => {
    it("returns status aborted with the partial text mid-stream, and cancels the upstream request", async () => {
      let onWritten = (): void => undefined;
      const written = new Promise<void>((resolve) => {
        onWritten = resolve;
      });
      context.server.handle(async (request, response) => {
        await writeSse(
          response,
          [chatDelta({ role: "assistant", content: "" }), chatDelta({ content: "so far" })],
          {
            end: false,
          },
        );
        onWritten();
        await request.closed;
      });
      const controller = new AbortController();
      const pending = context.backend().generate(SHORT_CHAT, { signal: controller.signal });
      await written;
      await delay(300); // for the client to read what was written, on a busy machine too
      controller.abort();
      const result = await pending;
      expect(result).toMatchObject({
        status: "aborted",
        text: "so far",
        attempts: 1,
        error: { code: "E_ABORTED" },
      });
      await context.server.requests[0]?.closed;
    });

    it("returns status aborted before the first byte, and closes the connection", async () => {
      context.server.handle((request) => request.closed);
      const controller = new AbortController();
      const pending = context.backend().generate(SHORT_CHAT, { signal: controller.signal });
      while (context.server.requests.length === 0) await delay(5);
      controller.abort();
      const result = await pending;
      expect(result).toMatchObject({
        status: "aborted",
        attempts: 1,
        text: "",
        error: { code: "E_ABORTED" },
      });
      expect(result.timings.firstByteMs).toBeUndefined();
      await context.server.requests[0]?.closed;
    });

    it("does not send a request for an already aborted signal", async () => {
      const result = await context.backend().generate(SHORT_CHAT, { signal: AbortSignal.abort() });
      expect(result).toMatchObject({ status: "aborted", attempts: 0 });
      expect(context.server.requests).toHaveLength(0);
    });

    it("stops waiting during the backoff sleep when aborted, with the default sleep", async () => {
      context.server.handle((_request, response) => {
        response.writeHead(503, { "retry-after": "30" }).end();
      });
      const controller = new AbortController();
      const pending = context.backend().generate(SHORT_CHAT, { signal: controller.signal });
      while (context.server.requests.length === 0) await delay(5);
      await delay(50);
      controller.abort();
      const result = await pending;
      expect(result).toMatchObject({ status: "aborted", attempts: 1, error: { code: "E_ABORTED" } });
      expect(context.server.requests).toHaveLength(1);
    });
  });
}
