// Tests the HTTP/1.1 pool against a real node:http server: keep-alive reuse within the connection limit, waiting
// requests in order, streamed bodies, servers that close connections, aborts, refused connections, closing.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer, type Socket } from "node:net";
import type { Dispatcher } from "undici";
import { afterEach, describe, expect, it, vi } from "vitest";
import { H1Pool } from "./h1-pool.js";

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
  chunks: number;
  error: Error | undefined;
  sentMs: number | undefined;
  /** 1 for the first request of the file written to a socket, 2 for the next… */
  sentOrder: number | undefined;
}

let sentCount = 0;

const HEADERS = { "content-type": "application/json", accept: "application/json" };

/** Sends one request through the pool's handler API; resolves with what the handler saw. */
function send(
  pool: H1Pool,
  path: string,
  body = "{}",
  hooks: {
    onData?: (controller: Dispatcher.DispatchController) => void;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  return new Promise((resolve) => {
    const answer: Answer = {
      statusCode: 0,
      headers: {},
      body: "",
      chunks: 0,
      error: undefined,
      sentMs: undefined,
      sentOrder: undefined,
    };
    const parts: Buffer[] = [];
    pool.dispatch(
      // Text bodies as they are, others as bytes: the pool takes both.
      {
        path,
        method: "POST",
        headers: hooks.headers ?? HEADERS,
        body: body.length % 2 === 0 ? body : Buffer.from(body),
      },
      {
        onRequestStart: () => {
          answer.sentMs = performance.now();
          answer.sentOrder = ++sentCount;
        },
        onResponseStart: (_controller, statusCode, headers) => {
          answer.statusCode = statusCode;
          answer.headers = headers;
        },
        onResponseData: (controller, chunk) => {
          parts.push(chunk);
          answer.chunks++;
          hooks.onData?.(controller);
        },
        onResponseEnd: () => {
          answer.body = Buffer.concat(parts).toString("utf8");
          resolve(answer);
        },
        onResponseError: (_controller, error) => {
          answer.error = error;
          answer.body = Buffer.concat(parts).toString("utf8");
          resolve(answer);
        },
      },
    );
  });
}

interface TestServer {
  server: Server;
  origin: string;
  sockets: Set<Socket>;
  handle: (handler: (request: IncomingMessage, response: ServerResponse, body: string) => void) => void;
}

let current: TestServer | undefined;
let pools: H1Pool[] = [];

async function startServer(): Promise<TestServer> {
  let handler: (request: IncomingMessage, response: ServerResponse, body: string) => void = (_r, response) =>
    response.end("{}");
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => handler(request, response, Buffer.concat(parts).toString("utf8")));
  });
  server.on("connection", (socket) => sockets.add(socket));
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  current = {
    server,
    origin: `http://127.0.0.1:${port}`,
    sockets,
    handle: (next) => {
      handler = next;
    },
  };
  return current;
}

function pool(origin: string, connections: number): H1Pool {
  const created = new H1Pool({ origin, connections });
  pools.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(pools.map((created) => created.close()));
  pools = [];
  current?.server.closeAllConnections();
  current?.server.close();
  current = undefined;
});

describe("H1Pool", () => {
  it("sends each request once over at most N keep-alive connections, the waiting ones in order", async () => {
    const { origin, sockets, handle } = await startServer();
    const seen: string[] = [];
    handle((request, response, body) => {
      seen.push(body);
      expect(request.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers.host).toBe(new URL(origin).host);
      setTimeout(() => response.end(JSON.stringify({ echo: body, url: request.url })), 2);
    });
    const client = pool(origin, 4);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => send(client, `/v1/x?i=${index}`, `{"i":${index},"t":"é東"}`)),
    );
    answers.forEach((answer, index) => {
      expect(answer.error).toBeUndefined();
      expect(answer.statusCode).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ echo: `{"i":${index},"t":"é東"}`, url: `/v1/x?i=${index}` });
    });
    expect(seen).toHaveLength(200);
    // The 196 that waited were written in the order they came (the server may read 4 sockets in any order).
    const sentOrders = answers.slice(4).map((answer) => answer.sentOrder ?? Number.NaN);
    expect(sentOrders).toEqual([...sentOrders].sort((first, second) => first - second));
    expect(sockets.size).toBe(4);
    expect(client.connectionCount).toBe(4);
  });

  it("delivers a streamed (chunked) body as it is written, and times the send at the write", async () => {
    const { origin, handle } = await startServer();
    handle(async (_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      for (const piece of ["data: 1\n\n", "data: 2\n\n", "data: [DONE]\n\n"]) {
        response.write(piece);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      response.end();
    });
    const calledMs = performance.now();
    const answer = await send(pool(origin, 1), "/v1/chat/completions");
    expect(answer.error).toBeUndefined();
    expect(answer.headers["transfer-encoding"]).toBe("chunked");
    expect(answer.body).toBe("data: 1\n\ndata: 2\n\ndata: [DONE]\n\n");
    expect(answer.chunks).toBeGreaterThanOrEqual(3);
    expect(answer.sentMs).toBeGreaterThanOrEqual(calledMs);
  });

  it("opens a new connection when the server has closed an idle one or answered with Connection: close", async () => {
    const { origin, sockets, handle, server } = await startServer();
    server.keepAliveTimeout = 50;
    handle((_request, response) => response.end("{}"));
    const client = pool(origin, 2);
    expect((await send(client, "/a")).error).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await send(client, "/b")).error).toBeUndefined();
    expect(sockets.size).toBe(2);
    server.keepAliveTimeout = 5000;
    handle((_request, response) => {
      response.setHeader("connection", "close");
      response.end("{}");
    });
    expect((await send(client, "/c")).error).toBeUndefined();
    expect((await send(client, "/d")).error).toBeUndefined();
    expect(sockets.size).toBe(4);
  });

  it("an abort cuts the connection, reports the reason, and the pool goes on", async () => {
    const { origin, handle } = await startServer();
    let serverSawClose = false;
    handle((request, response) => {
      if (request.url === "/stall") {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write("data: first\n\n");
        response.on("close", () => {
          serverSawClose = true;
        });
        return;
      }
      response.end("{}");
    });
    const client = pool(origin, 1);
    const reason = new Error("enough");
    const aborted = await send(client, "/stall", "{}", { onData: (controller) => controller.abort(reason) });
    expect(aborted.error).toBe(reason);
    expect(aborted.body).toBe("data: first\n\n");
    const next = await send(client, "/next");
    expect(next.error).toBeUndefined();
    expect(next.body).toBe("{}");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(serverSawClose).toBe(true);
  });

  it("reports a refused connection, a bad header and a closed pool as errors", async () => {
    const { origin, server } = await startServer();
    server.close();
    server.closeAllConnections();
    await once(server, "close");
    const refused = await send(pool(origin, 2), "/v1/models");
    expect((refused.error as NodeJS.ErrnoException | undefined)?.code).toBe("ECONNREFUSED");
    const { origin: live } = await startServer();
    const client = pool(live, 1);
    const bad = await send(client, "/x", "{}", { headers: { "x-bad": "a\r\nInjected: 1" } });
    expect(bad.error?.message).toMatch(/Invalid HTTP header/);
    expect((await send(client, "/x")).error).toBeUndefined();
    await client.close();
    expect((await send(client, "/x")).error?.message).toMatch(/closed/);
  });

  it("reads a body that ends with the connection, and replaces a connection the server closed while idle", async () => {
    // A raw server: HTTP/1.0 answers without a length for /until-close; for /short a keep-alive answer, then the
    // socket is closed a moment later without any hint.
    const raw = createNetServer((socket) => {
      socket.once("data", (request: Buffer) => {
        const isUntilClose = request.toString("latin1").startsWith("POST /until-close");
        if (isUntilClose) {
          socket.end("HTTP/1.0 200 OK\r\ncontent-type: text/plain\r\n\r\nall of it");
          return;
        }
        socket.write("HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok");
        setTimeout(() => socket.destroy(), 20);
      });
    });
    raw.listen(0, "127.0.0.1");
    await once(raw, "listening");
    try {
      const origin = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
      const client = pool(origin, 1);
      const untilClose = await send(client, "/until-close");
      expect(untilClose.error).toBeUndefined();
      expect(untilClose.body).toBe("all of it");
      expect((await send(client, "/short")).body).toBe("ok");
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The idle connection was closed by the server: the next request goes over a new one, without an error.
      const again = await send(client, "/short");
      expect(again.error).toBeUndefined();
      expect(again.body).toBe("ok");
    } finally {
      raw.close();
    }
  });

  it("a request cancelled while it waited for a connection is never written and leaves the connection open", async () => {
    const { origin, sockets, handle } = await startServer();
    const seen: string[] = [];
    handle((request, response) => {
      seen.push(request.url ?? "");
      setTimeout(() => response.end("{}"), 40);
    });
    const client = pool(origin, 1);
    const first = send(client, "/first");
    // The second waits for the only connection; its handler cancels it when it is about to be written.
    const cancelled = new Promise<Error | undefined>((resolve) => {
      client.dispatch(
        { path: "/cancelled", method: "POST", headers: HEADERS, body: "{}" },
        {
          onRequestStart: (controller) => controller.abort(new Error("timed out while waiting")),
          onResponseError: (_controller, error) => resolve(error),
          onResponseEnd: () => resolve(undefined),
        },
      );
    });
    const third = send(client, "/third");
    expect((await first).error).toBeUndefined();
    expect((await cancelled)?.message).toBe("timed out while waiting");
    expect((await third).error).toBeUndefined();
    expect(seen).toEqual(["/first", "/third"]);
    expect(sockets.size).toBe(1);
  });

  it("opens connections ahead of any request, and close ends connections still being opened", async () => {
    const { origin, sockets } = await startServer();
    const client = pool(origin, 8);
    await client.openConnections(5);
    expect(client.connectionCount).toBe(5);
    expect((await send(client, "/x")).error).toBeUndefined();
    expect(client.connectionCount).toBe(5);
    await vi.waitFor(() => expect(sockets.size).toBe(5));
    const other = pool(origin, 8);
    const opening = other.openConnections(3);
    await other.close();
    await opening;
    expect(other.connectionCount).toBe(0);
  });

  it("close waits for the requests in flight", async () => {
    const { origin, handle } = await startServer();
    handle((_request, response) => setTimeout(() => response.end("late"), 80));
    const client = pool(origin, 1);
    const pending = send(client, "/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    await client.close();
    const answer = await pending;
    expect(answer.error).toBeUndefined();
    expect(answer.body).toBe("late");
    expect(client.connectionCount).toBe(0);
  });
});
