// Every fault kind against the real mock server on 127.0.0.1, read with a bare TCP client: the status, headers,
// bytes and how the connection ends, for a streamed and a whole answer.
import { afterEach, describe, expect, it } from "vitest";
import type { FaultKind } from "../config/fault-rates.js";
import { type MockServer, type MockServerOptions, startMockServer } from "./start-mock-server.js";
import { type RawExchange, rawExchange, sseData } from "./test-support/raw-exchange.js";
import { HTML_ERROR_PAGE } from "./write-fault-instead.js";

const servers: MockServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: MockServerOptions): Promise<MockServer> {
  const server = await startMockServer(options);
  servers.push(server);
  return server;
}

/** A server where every generation request gets `kind` (and one without faults for the normal answer). */
async function startWith(kind: FaultKind, extra: MockServerOptions = {}): Promise<MockServer> {
  return start({ faultKindRates: { [kind]: 1 }, ...extra });
}

const streamBody = {
  model: "mock-model",
  messages: [{ role: "user", content: "Count some words for me." }],
  stream: true,
  max_tokens: 12,
  stream_options: { include_usage: true },
};
const wholeBody = { ...streamBody, stream: false, stream_options: undefined };

/** What a normal answer looks like, from a server without faults (`created` and ids masked). */
async function normalAnswer(isStream: boolean): Promise<RawExchange> {
  const server = await start({});
  return rawExchange(server.port, isStream ? streamBody : wholeBody);
}

const masked = (text: string): string =>
  text.replace(/"created":\d+/g, '"created":0').replace(/"id":"[^"]*"/g, '"id":""');

async function faultStats(server: MockServer): Promise<Record<string, number>> {
  const result = await rawExchange(server.port, undefined, { path: "/faults/stats", method: "GET" });
  return JSON.parse(result.body).faults;
}

describe("HTTP-status faults", () => {
  it.each([
    ["http-500", 500],
    ["http-502", 502],
    ["http-503", 503],
    ["http-429", 429],
  ] as const)(
    "%s: status %d before any answer byte, OpenAI's error body, no Retry-After",
    async (kind, status) => {
      const server = await startWith(kind);
      for (const body of [streamBody, wholeBody]) {
        const result = await rawExchange(server.port, body);
        expect(result.status).toBe(status);
        expect(result.headers["retry-after"]).toBeUndefined();
        expect(result.headers["content-type"]).toBe("application/json");
        expect(JSON.parse(result.body)).toEqual({
          error: {
            message: "Injected fault (mock server).",
            type: status >= 500 ? "server_error" : "invalid_request_error",
            param: null,
            code: null,
          },
        });
        expect(result.ending).toBe("complete");
        expect(result.isClosedAfter).toBe(false);
      }
      expect((await faultStats(server))[kind]).toBe(2);
    },
  );

  it("http-429-retry-after-seconds: Retry-After: 1", async () => {
    const server = await startWith("http-429-retry-after-seconds");
    const result = await rawExchange(server.port, streamBody);
    expect(result.status).toBe(429);
    expect(result.headers["retry-after"]).toBe("1");
  });

  it("http-429-retry-after-date: Retry-After is an HTTP-date 1–2 s ahead", async () => {
    const server = await startWith("http-429-retry-after-date");
    const beforeMs = Date.now();
    const result = await rawExchange(server.port, wholeBody);
    const afterMs = Date.now();
    expect(result.status).toBe(429);
    const header = result.headers["retry-after"] ?? "";
    expect(header).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    const dateMs = Date.parse(header);
    expect(dateMs).toBeGreaterThan(beforeMs + 1000 - 1);
    expect(dateMs).toBeLessThanOrEqual(afterMs + 2000);
  });
});

describe("connection faults", () => {
  it("reset-before-response: an RST and not one response byte", async () => {
    const server = await startWith("reset-before-response");
    for (const body of [streamBody, wholeBody]) {
      const result = await rawExchange(server.port, body);
      expect(result.ending).toBe("reset");
      expect(result.status).toBe(0);
    }
  });

  it("reset-mid-stream: 200, the first half of the answer's events (at least one), then an RST", async () => {
    const server = await startWith("reset-mid-stream");
    const normal = await normalAnswer(true);
    const result = await rawExchange(server.port, streamBody);
    expect(result.status).toBe(200);
    expect(result.headers["content-type"]).toBe("text/event-stream");
    expect(result.ending).toBe("reset");
    const events = sseData(result.body);
    const normalEvents = sseData(normal.body).filter((data) => data !== "[DONE]");
    expect(events.length).toBe(Math.floor(normalEvents.length / 2));
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events.map(masked)).toEqual(normalEvents.slice(0, events.length).map(masked));
  });

  it("reset-mid-stream, not streamed: the first half of the JSON body under its full Content-Length, then an RST", async () => {
    const server = await startWith("reset-mid-stream");
    const normal = await normalAnswer(false);
    const result = await rawExchange(server.port, wholeBody);
    expect(result.status).toBe(200);
    expect(result.ending).toBe("reset");
    expect(Number(result.headers["content-length"])).toBe(normal.rawBody.length);
    expect(result.rawBody.length).toBe(Math.floor(normal.rawBody.length / 2));
    expect(masked(normal.body).startsWith(masked(result.body).slice(0, 20))).toBe(true);
  });

  it("stall: 200, half the events, then silence (the client's idle timeout fires)", async () => {
    const server = await startWith("stall");
    const result = await rawExchange(server.port, streamBody, { idleMs: 300 });
    expect(result.status).toBe(200);
    expect(result.ending).toBe("silent");
    expect(sseData(result.body).length).toBeGreaterThanOrEqual(1);
    expect(result.body).not.toContain("[DONE]");
    expect(result.body).not.toContain('"finish_reason":"length"');
  });

  it("stall: the server drops the connection after --fault-stall-ms, the answer unfinished", async () => {
    const server = await startWith("stall", { faultStallMs: 50 });
    for (const body of [streamBody, wholeBody]) {
      const result = await rawExchange(server.port, body, { idleMs: 5_000 });
      expect(result.status).toBe(200);
      expect(result.ending).toBe("closed");
    }
  });
});

describe("malformed streams", () => {
  it("broken-json-chunk: one event's JSON cut in half, after at least one good event; the rest and [DONE] follow", async () => {
    const server = await startWith("broken-json-chunk");
    const normal = sseData((await normalAnswer(true)).body);
    const result = await rawExchange(server.port, streamBody);
    expect(result.status).toBe(200);
    expect(result.ending).toBe("complete");
    const events = sseData(result.body);
    expect(events.length).toBe(normal.length);
    const broken = events.flatMap((data, index) => {
      try {
        if (data !== "[DONE]") JSON.parse(data);
        return [];
      } catch {
        return [index];
      }
    });
    expect(broken).toHaveLength(1);
    const index = broken[0] ?? 0;
    expect(index).toBeGreaterThanOrEqual(1);
    expect(masked(normal[index] ?? "").startsWith(masked(events[index] ?? ""))).toBe(true);
    expect(events.at(-1)).toBe("[DONE]");
  });

  it("broken-json-chunk, not streamed: half the JSON body, its Content-Length matching", async () => {
    const server = await startWith("broken-json-chunk");
    const result = await rawExchange(server.port, wholeBody);
    expect(result.status).toBe(200);
    expect(result.ending).toBe("complete");
    expect(Number(result.headers["content-length"])).toBe(result.rawBody.length);
    expect(() => JSON.parse(result.body)).toThrow();
  });

  it("missing-done: the whole answer, finish and usage chunks, no [DONE]; then the connection closes", async () => {
    const server = await startWith("missing-done");
    const normal = sseData((await normalAnswer(true)).body);
    const result = await rawExchange(server.port, streamBody);
    expect(result.status).toBe(200);
    expect(result.ending).toBe("complete");
    expect(result.isClosedAfter).toBe(true);
    const events = sseData(result.body);
    expect(events.map(masked)).toEqual(normal.slice(0, -1).map(masked));
    expect(result.body).toContain('"finish_reason":"length"');
    expect(result.body).toContain('"usage":{"prompt_tokens"');
    expect(result.body).not.toContain("[DONE]");
  });

  it("missing-done, not streamed: the whole JSON body chunked, and the connection ends before the last chunk", async () => {
    const server = await startWith("missing-done");
    const normal = await normalAnswer(false);
    const result = await rawExchange(server.port, wholeBody);
    expect(result.status).toBe(200);
    expect(result.headers["transfer-encoding"]).toBe("chunked");
    expect(result.ending).toBe("closed");
    expect(masked(result.body)).toBe(masked(normal.body));
  });

  it("error-event: some events, then vLLM's in-stream error event, then [DONE]", async () => {
    const server = await startWith("error-event");
    const result = await rawExchange(server.port, streamBody);
    expect(result.status).toBe(200);
    expect(result.ending).toBe("complete");
    const events = sseData(result.body);
    expect(events.at(-1)).toBe("[DONE]");
    expect(JSON.parse(events.at(-2) ?? "")).toEqual({
      error: {
        message: "Injected fault (mock server).",
        type: "InternalServerError",
        param: null,
        code: 500,
      },
    });
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(events[0] ?? "")).toMatchObject({ object: "chat.completion.chunk" });
  });

  it("error-event, not streamed: HTTP 500 with vLLM's error body", async () => {
    const server = await startWith("error-event");
    const result = await rawExchange(server.port, wholeBody);
    expect(result.status).toBe(500);
    expect(JSON.parse(result.body)).toEqual({
      error: {
        message: "Injected fault (mock server).",
        type: "InternalServerError",
        param: null,
        code: 500,
      },
    });
  });
});

describe("wrong bodies", () => {
  it("html-200: status 200, text/html, a proxy's error page", async () => {
    const server = await startWith("html-200");
    for (const body of [streamBody, wholeBody]) {
      const result = await rawExchange(server.port, body);
      expect(result.status).toBe(200);
      expect(result.headers["content-type"]).toBe("text/html");
      expect(result.body).toBe(HTML_ERROR_PAGE);
      expect(result.ending).toBe("complete");
    }
  });

  it("empty-body: status 200, the right content type, Content-Length: 0", async () => {
    const server = await startWith("empty-body");
    const streamed = await rawExchange(server.port, streamBody);
    expect(streamed.status).toBe(200);
    expect(streamed.headers["content-type"]).toBe("text/event-stream");
    expect(streamed.headers["content-length"]).toBe("0");
    expect(streamed.rawBody.length).toBe(0);
    const whole = await rawExchange(server.port, wholeBody);
    expect(whole.headers["content-type"]).toBe("application/json");
    expect(whole.headers["content-length"]).toBe("0");
  });

  it("wrong-content-type: the complete, correct answer labelled text/plain", async () => {
    const server = await startWith("wrong-content-type");
    for (const isStream of [true, false]) {
      const normal = await normalAnswer(isStream);
      const result = await rawExchange(server.port, isStream ? streamBody : wholeBody);
      expect(result.status).toBe(200);
      expect(result.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(result.ending).toBe("complete");
      expect(masked(result.body)).toBe(masked(normal.body));
    }
  });

  it("oversized: one data line that never ends, until the client hangs up; the server keeps serving", async () => {
    const server = await startWith("oversized");
    const result = await rawExchange(server.port, streamBody, { maxBytes: 4 * 1024 * 1024 });
    expect(result.status).toBe(200);
    expect(result.headers["content-type"]).toBe("text/event-stream");
    expect(result.ending).toBe("too-large");
    expect(result.body).toMatch(/^data: \{"id":"[^"]+","choices":\[\{"index":0,"delta":\{"content":"x{1000}/);
    expect(result.body).not.toContain("\n");
    const whole = await rawExchange(server.port, wholeBody, { maxBytes: 1024 * 1024 });
    expect(whole.ending).toBe("too-large");
    expect(whole.headers["content-type"]).toBe("application/json");
    expect(whole.body).toMatch(
      /^\{"id":"[^"]+","choices":\[\{"index":0,"message":\{"role":"assistant","content":"xxx/,
    );
    const plain = await start({});
    expect((await rawExchange(plain.port, wholeBody)).status).toBe(200);
    expect(await faultStats(server)).toMatchObject({ oversized: 2 });
  });

  it("slow-trickle: the correct answer, in 8-byte pieces read one by one", async () => {
    const server = await startWith("slow-trickle", { faultTrickleMs: 1 });
    for (const isStream of [true, false]) {
      const normal = await normalAnswer(isStream);
      const result = await rawExchange(server.port, isStream ? streamBody : wholeBody);
      expect(result.status).toBe(200);
      expect(result.ending).toBe("complete");
      expect(masked(result.body)).toBe(masked(normal.body));
      // Pieces come a timer apart: the client reads them separately (a few may coalesce on a busy machine).
      expect(result.bodyReads).toBeGreaterThan(result.rawBody.length / 8 / 4);
    }
  });
});
