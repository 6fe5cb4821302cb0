// A small HTTP/1.1 client for the requests to a plain-HTTP server: up to N keep-alive connections, a FIFO
// of requests waiting for one, our own response parser, and undici's dispatch-handler calls (onRequestStart,
// onResponseStart/Data/End/Error) so `send-attempt.ts` drives it exactly as it drives undici. At tens of thousands
// of requests a second undici's generality (request objects, header validation per request, the llhttp callbacks,
// its queue and check-phase writes) was the largest part of the client's CPU left; see docs/PERFORMANCE.md.
// It is the HttpTransport of a plain-HTTP base URL (generation, model listing, loglikelihood scoring); HTTPS goes
// through undici (`undici-transport.ts`).
import type { IncomingHttpHeaders } from "node:http";
import { connect, type Socket } from "node:net";
import type { Dispatcher } from "undici";
import { H1ResponseParser } from "./h1-response-parser.js";
import type { HttpTransport, TransportRequest } from "./http-transport.js";

export interface H1PoolOptions {
  /** `http://host:port` */
  origin: string;
  /** Most connections open at once (requests beyond wait in order). */
  connections: number;
  /** Limit on opening a connection (default 10 s). */
  connectTimeoutMs?: number;
  /** An idle connection older than this is not reused (default 4 s, or 1 s less than the server's keep-alive hint). */
  keepAliveTimeoutMs?: number;
}

class PoolError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = "PoolError";
    this.code = code;
  }
}

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
const DEFAULT_KEEP_ALIVE_MS = 4_000;
/** Margin kept from the server's own keep-alive timeout, so that we never write to a socket it is closing. */
const KEEP_ALIVE_MARGIN_MS = 1_000;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Visible characters only (no space, control character or DEL), starting with "/". */
function isValidPath(path: string): boolean {
  if (!path.startsWith("/")) return false;
  for (let index = 0; index < path.length; index++) {
    const code = path.charCodeAt(index);
    if (code <= 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** A field value: tab, visible characters, spaces and obs-text (no CR, LF or other control character). */
function isValidHeaderValue(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09) || code === 0x7f || code > 0xff) return false;
  }
  return true;
}

/** One request: its options, handler and controller, and the connection it runs on once it has one. */
class Exchange implements Dispatcher.DispatchController {
  readonly options: TransportRequest;
  readonly handler: Dispatcher.DispatchHandler;
  connection: Connection | undefined;
  isDone = false;
  /** The request has gone to the socket: cancelling it from now on costs the connection. */
  isWritten = false;
  #reason: Error | null = null;
  #isPaused = false;
  readonly #onAbort: (exchange: Exchange) => void;

  constructor(
    options: TransportRequest,
    handler: Dispatcher.DispatchHandler,
    onAbort: (exchange: Exchange) => void,
  ) {
    this.options = options;
    this.handler = handler;
    this.#onAbort = onAbort;
  }

  get aborted(): boolean {
    return this.#reason !== null;
  }

  get paused(): boolean {
    return this.#isPaused;
  }

  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.isDone) return;
    this.#reason = reason;
    this.#onAbort(this);
  }

  pause(): void {
    this.#isPaused = true;
    this.connection?.socket.pause();
  }

  resume(): void {
    this.#isPaused = false;
    this.connection?.socket.resume();
  }

  /** Ends the exchange with an error (once). */
  fail(error: Error): void {
    if (this.isDone) return;
    this.isDone = true;
    this.handler.onResponseError?.(this, error);
  }
}

class Connection {
  readonly socket: Socket;
  readonly parser: H1ResponseParser;
  exchange: Exchange | undefined;
  isConnected = false;
  isClosed = false;
  error: Error | undefined;
  idleSinceMs = 0;
  keepAliveMs: number;

  constructor(socket: Socket, parser: (connection: Connection) => H1ResponseParser, keepAliveMs: number) {
    this.socket = socket;
    this.keepAliveMs = keepAliveMs;
    this.parser = parser(this);
  }
}

export class H1Pool implements HttpTransport {
  readonly #host: string;
  readonly #hostname: string;
  readonly #port: number;
  readonly #maxConnections: number;
  readonly #connectTimeoutMs: number;
  readonly #keepAliveMs: number;
  readonly #idle: Connection[] = [];
  readonly #waiting: Exchange[] = [];
  #waitingHead = 0;
  #connectionCount = 0;
  #isClosed = false;
  #onAllClosed: (() => void) | undefined;
  /** Rendered header lines of each headers object the backend passes (the same few objects every time). */
  readonly #renderedHeaders = new WeakMap<object, string>();
  /** The head up to Content-Length of the last request line and headers sent (the same for every request). */
  #lastHead: { method: string; path: string; headers: object; prefix: string } | undefined;
  readonly #onAbort = (exchange: Exchange): void => this.#abort(exchange);

  constructor(options: H1PoolOptions) {
    const url = new URL(options.origin);
    if (url.protocol !== "http:") throw new TypeError(`H1Pool speaks plain HTTP only, not ${url.protocol}`);
    this.#host = url.host;
    this.#hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    this.#port = url.port === "" ? 80 : Number(url.port);
    this.#maxConnections = Math.max(1, Math.floor(options.connections));
    this.#connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.#keepAliveMs = options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_MS;
  }

  /** Open connections (busy, idle or connecting). */
  get connectionCount(): number {
    return this.#connectionCount;
  }

  dispatch(options: TransportRequest, handler: Dispatcher.DispatchHandler): boolean {
    const exchange = new Exchange(options, handler, this.#onAbort);
    if (this.#isClosed) {
      exchange.fail(new PoolError("The HTTP client is closed.", "UND_ERR_CLOSED"));
      return false;
    }
    const connection =
      this.#takeIdle() ?? (this.#connectionCount < this.#maxConnections ? this.#open() : undefined);
    if (connection === undefined) this.#waiting.push(exchange);
    else this.#assign(connection, exchange);
    return true;
  }

  /** Opens connections until `count` are open (at most the limit); resolves when each has connected or failed. */
  openConnections(count: number): Promise<void> {
    const opening: Promise<void>[] = [];
    const target = Math.min(count, this.#maxConnections);
    while (!this.#isClosed && this.#connectionCount < target) {
      const connection = this.#open();
      opening.push(
        new Promise((resolve) => {
          // The pool's own connect handler (registered first) makes it idle or gives it a waiting request.
          connection.socket.once("connect", () => resolve());
          connection.socket.once("close", () => resolve());
        }),
      );
    }
    return Promise.all(opening).then(() => undefined);
  }

  /** Waits for the requests in flight, then closes every connection; requests still waiting fail. */
  close(): Promise<void> {
    this.#isClosed = true;
    for (const exchange of this.#waiting.splice(this.#waitingHead)) {
      exchange.fail(new PoolError("The HTTP client was closed.", "UND_ERR_CLOSED"));
    }
    this.#waiting.length = 0;
    this.#waitingHead = 0;
    for (const connection of this.#idle.splice(0)) connection.socket.destroy();
    if (this.#connectionCount === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.#onAllClosed = resolve;
    });
  }

  #takeIdle(): Connection | undefined {
    const nowMs = performance.now();
    for (let connection = this.#idle.pop(); connection !== undefined; connection = this.#idle.pop()) {
      if (connection.socket.destroyed) continue;
      if (nowMs - connection.idleSinceMs < connection.keepAliveMs) return connection;
      connection.socket.destroy();
    }
    return undefined;
  }

  #open(): Connection {
    this.#connectionCount++;
    const socket = connect({ host: this.#hostname, port: this.#port });
    socket.setNoDelay(true);
    const connection = new Connection(socket, (owner) => this.#parserFor(owner), this.#keepAliveMs);
    const connectTimer = setTimeout(() => {
      socket.destroy(
        new PoolError(
          `Connect timeout: no connection within ${this.#connectTimeoutMs} ms`,
          "UND_ERR_CONNECT_TIMEOUT",
        ),
      );
    }, this.#connectTimeoutMs);
    socket.once("connect", () => {
      clearTimeout(connectTimer);
      connection.isConnected = true;
      // Opened for a request, or ahead of any (openConnections), or for one that has since been cancelled.
      if (connection.exchange !== undefined) this.#write(connection);
      else this.#release(connection);
    });
    socket.on("data", (chunk: Buffer) => this.#onData(connection, chunk));
    socket.on("error", (error) => {
      connection.error ??= error;
    });
    socket.once("close", () => {
      clearTimeout(connectTimer);
      this.#onClose(connection);
    });
    return connection;
  }

  #parserFor(connection: Connection): H1ResponseParser {
    return new H1ResponseParser({
      onHead: (statusCode, statusText, headers) => {
        connection.keepAliveMs = keepAliveMs(headers, this.#keepAliveMs);
        const exchange = connection.exchange;
        if (exchange !== undefined && !exchange.isDone) {
          exchange.handler.onResponseStart?.(exchange, statusCode, headers, statusText);
        }
      },
      onBody: (chunk) => {
        const exchange = connection.exchange;
        if (exchange !== undefined && !exchange.isDone) exchange.handler.onResponseData?.(exchange, chunk);
      },
      onEnd: () => {
        const exchange = connection.exchange;
        connection.exchange = undefined;
        if (exchange !== undefined) exchange.connection = undefined;
        // The connection goes back first: the handler may send the next request at once.
        if (connection.parser.shouldClose || this.#isClosed) connection.socket.destroy();
        else this.#release(connection);
        if (exchange !== undefined && !exchange.isDone) {
          exchange.isDone = true;
          exchange.handler.onResponseEnd?.(exchange, {});
        }
      },
    });
  }

  #assign(connection: Connection, exchange: Exchange): void {
    connection.exchange = exchange;
    exchange.connection = connection;
    if (connection.isConnected) this.#write(connection);
  }

  #write(connection: Connection): void {
    const exchange = connection.exchange;
    if (exchange === undefined || exchange.isDone) return;
    const { options } = exchange;
    const bodyLength = byteLength(options.body);
    let head: string;
    try {
      head = this.#head(options, bodyLength);
    } catch (error) {
      connection.exchange = undefined;
      exchange.connection = undefined;
      this.#release(connection);
      exchange.fail(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    // Called right before the write, as undici does: this is the request's send time. A handler that aborts here
    // (its attempt ended while it waited for a connection) leaves the connection to the next request.
    exchange.handler.onRequestStart?.(exchange, {});
    if (exchange.isDone || connection.exchange !== exchange) return;
    connection.parser.expectResponse(false);
    exchange.isWritten = true;
    const { socket } = connection;
    if (exchange.paused) socket.pause();
    // One buffer, one write(2): the head is ASCII (checked), the body bytes or UTF-8 text.
    const { body } = options;
    const bytes = Buffer.allocUnsafe(head.length + bodyLength);
    bytes.write(head, 0, "latin1");
    if (typeof body === "string") bytes.write(body, head.length, "utf8");
    else body.copy(bytes, head.length);
    socket.write(bytes);
  }

  #head(options: TransportRequest, bodyLength: number): string {
    const last = this.#lastHead;
    const prefix =
      last !== undefined &&
      last.path === options.path &&
      last.headers === options.headers &&
      last.method === options.method
        ? last.prefix
        : this.#headPrefix(options);
    return `${prefix}content-length: ${bodyLength}\r\n\r\n`;
  }

  /** The request line and headers before Content-Length, checked. */
  #headPrefix(options: TransportRequest): string {
    let lines = this.#renderedHeaders.get(options.headers);
    if (lines === undefined) {
      lines = "";
      for (const [name, value] of Object.entries(options.headers)) {
        if (!HEADER_NAME.test(name) || !isValidHeaderValue(value)) {
          throw new PoolError(`Invalid HTTP header ${JSON.stringify(name)}.`, "UND_ERR_INVALID_ARG");
        }
        const lower = name.toLowerCase();
        if (lower === "host" || lower === "content-length" || lower === "connection") continue;
        lines += `${name}: ${value}\r\n`;
      }
      this.#renderedHeaders.set(options.headers, lines);
    }
    if (!isValidPath(options.path)) {
      throw new PoolError(`Invalid request path ${JSON.stringify(options.path)}.`, "UND_ERR_INVALID_ARG");
    }
    const prefix = `${options.method} ${options.path} HTTP/1.1\r\nhost: ${this.#host}\r\nconnection: keep-alive\r\n${lines}`;
    this.#lastHead = { method: options.method, path: options.path, headers: options.headers, prefix };
    return prefix;
  }

  #onData(connection: Connection, chunk: Buffer): void {
    if (connection.exchange === undefined && connection.parser.isIdle) {
      // Bytes nobody asked for: the connection is out of step with the server.
      connection.socket.destroy(
        new PoolError("The server sent bytes with no request pending.", "E_HTTP_PARSE"),
      );
      return;
    }
    try {
      connection.parser.push(chunk);
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      const exchange = connection.exchange;
      connection.exchange = undefined;
      connection.socket.destroy();
      exchange?.fail(failure);
    }
  }

  #onClose(connection: Connection): void {
    connection.isClosed = true;
    this.#connectionCount--;
    const idleAt = this.#idle.indexOf(connection);
    if (idleAt >= 0) this.#idle.splice(idleAt, 1);
    const exchange = connection.exchange;
    if (exchange !== undefined && !exchange.isDone) {
      let failure: Error | undefined;
      try {
        connection.parser.finish(); // ends a body read until close, through onEnd
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
      }
      if (connection.exchange === exchange) {
        connection.exchange = undefined;
        exchange.connection = undefined;
        exchange.fail(
          connection.error ?? failure ?? new PoolError("The connection closed.", "UND_ERR_SOCKET"),
        );
      }
    }
    if (this.#isClosed) {
      if (this.#connectionCount === 0) this.#onAllClosed?.();
      return;
    }
    // A connection freed a place: open one for the next request waiting, if any.
    const next = this.#nextWaiting();
    if (next !== undefined) this.#assign(this.#open(), next);
  }

  #release(connection: Connection): void {
    // A connection destroyed under its exchange (an abort in the middle of a chunk) is never reused.
    if (connection.isClosed || connection.socket.destroyed) return;
    if (this.#isClosed) {
      connection.socket.destroy();
      return;
    }
    const next = this.#nextWaiting();
    if (next !== undefined) {
      this.#assign(connection, next);
      return;
    }
    connection.idleSinceMs = performance.now();
    this.#idle.push(connection);
  }

  #nextWaiting(): Exchange | undefined {
    while (this.#waitingHead < this.#waiting.length) {
      const exchange = this.#waiting[this.#waitingHead++];
      if (this.#waitingHead > 1024 && this.#waitingHead * 2 > this.#waiting.length) {
        this.#waiting.splice(0, this.#waitingHead);
        this.#waitingHead = 0;
      }
      if (exchange !== undefined && !exchange.isDone) return exchange;
    }
    return undefined;
  }

  #abort(exchange: Exchange): void {
    const reason = exchange.reason ?? new PoolError("The request was aborted.", "UND_ERR_ABORTED");
    const connection = exchange.connection;
    if (connection !== undefined) {
      connection.exchange = undefined;
      exchange.connection = undefined;
      if (exchange.isWritten) connection.socket.destroy();
      else if (connection.isConnected) this.#release(connection);
      // (still connecting: its connect handler finds no exchange and makes it idle)
    }
    exchange.fail(reason);
  }
}

function byteLength(body: Buffer | string): number {
  return typeof body === "string" ? Buffer.byteLength(body, "utf8") : body.length;
}

/** How long an idle connection may be reused: our limit, or 1 s less than the server's `Keep-Alive: timeout=N`. */
function keepAliveMs(headers: IncomingHttpHeaders, limitMs: number): number {
  const hint = headers["keep-alive"];
  if (typeof hint !== "string") return limitMs;
  const match = /timeout=(\d+)/i.exec(hint);
  if (match === null) return limitMs;
  return Math.max(0, Math.min(limitMs, Number(match[1]) * 1000 - KEEP_ALIVE_MARGIN_MS));
}
