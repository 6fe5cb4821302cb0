// Test helper: a real node:http (or, given a certificate, node:https) server on 127.0.0.1:0 whose answer each test
// scripts, recording every request and counting connections.
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { SelfSignedCertificate } from "./make-self-signed-certificate.js";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The client's port: the same for requests sent over one kept-alive connection. */
  remotePort: number | undefined;
  /** Resolves when the client's connection for this request closes or the request is aborted. */
  closed: Promise<void>;
}

export type TestHandler = (
  request: RecordedRequest,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

export interface TestServer {
  /** `http://127.0.0.1:PORT/v1`, or `https://…` */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Connections accepted so far (TCP; over TLS, handshakes that failed count too). */
  readonly connectionCount: number;
  /** Resolves once `count` connections have been accepted in all. */
  connectionsAccepted(count: number): Promise<void>;
  /** The handler for the requests to come; its `index` counts requests from 0. */
  handle(handler: TestHandler): void;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Serve HTTPS with this certificate. */
  tls?: SelfSignedCertificate | undefined;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let handler: TestHandler = (_request, response) => {
    response.writeHead(500).end("no handler");
  };
  const requests: RecordedRequest[] = [];
  let connectionCount = 0;
  const connectionWaiters: { count: number; resolve: () => void }[] = [];
  const onRequest = (incoming: IncomingMessage, response: ServerResponse) => {
    const closed = new Promise<void>((resolve) => {
      response.once("close", () => resolve());
    });
    const parts: Buffer[] = [];
    incoming.on("data", (part: Buffer) => parts.push(part));
    incoming.on("end", () => {
      const request: RecordedRequest = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(parts).toString("utf8"),
        remotePort: incoming.socket.remotePort,
        closed,
      };
      const index = requests.push(request) - 1;
      Promise.resolve(handler(request, response, index)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : undefined);
      });
    });
  };
  const { tls } = options;
  const server =
    tls === undefined
      ? createServer(onRequest)
      : createTlsServer({ cert: tls.certificatePem, key: tls.privateKeyPem }, onRequest);
  server.on("connection", () => {
    connectionCount++;
    for (const waiter of connectionWaiters) if (connectionCount >= waiter.count) waiter.resolve();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `${tls === undefined ? "http" : "https"}://127.0.0.1:${port}/v1`,
    requests,
    get connectionCount() {
      return connectionCount;
    },
    connectionsAccepted(count) {
      if (connectionCount >= count) return Promise.resolve();
      return new Promise((resolve) => {
        connectionWaiters.push({ count, resolve });
      });
    },
    handle(next) {
      handler = next;
    },
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}

/** A port on 127.0.0.1 where nothing listens (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Writes an SSE 200 response piece by piece, waiting `gapMs` between pieces; returns after the end. */
export async function writeSse(
  response: ServerResponse,
  pieces: readonly (string | Uint8Array)[],
  options: { gapMs?: number; end?: boolean } = {},
): Promise<void> {
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const piece of pieces) {
    response.write(piece);
    if (options.gapMs !== undefined) await delay(options.gapMs);
  }
  if (options.end !== false) response.end();
}

/** `data: {json}\n\n` */
export function sseData(value: unknown): string {
  return `data: ${JSON.stringify(value)}\n\n`;
}

/** A chat stream chunk of one content delta (and an optional finish reason). */
export function chatDelta(delta: Record<string, unknown>, finishReason: string | null = null): string {
  return sseData({
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
}
