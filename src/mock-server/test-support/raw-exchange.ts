// Test helper: one HTTP/1.1 request over a bare TCP socket (node:net), with every byte of the answer and how the
// connection ended, so a test sees exactly what the mock server put on the wire.
import { connect } from "node:net";

/**
 * How the exchange ended: `complete` (the message ended by its length or last chunk), `closed` (the server sent
 * FIN), `reset` (ECONNRESET), `silent` (no byte for `idleMs`), `too-large` (more than `maxBytes`; we hung up).
 */
export type RawEnding = "complete" | "closed" | "reset" | "silent" | "too-large";

export interface RawExchange {
  /** 0 when no status line came. */
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as sent (chunk framing included when chunked). */
  rawBody: Buffer;
  /** The body with the chunk framing removed (as far as it came). */
  body: string;
  /** Socket reads that carried body bytes. */
  bodyReads: number;
  ending: RawEnding;
  /** After `complete`: whether the server then closed the connection by itself (within `idleMs`). */
  isClosedAfter: boolean;
}

export interface RawExchangeOptions {
  path?: string;
  method?: string;
  /** Give up waiting after this long without a byte (default 2,000). */
  idleMs?: number;
  /** Hang up after this many bytes (default 8 MiB). */
  maxBytes?: number;
  /** After a complete message, how long to wait for the server to close the connection (default 100). */
  closeWaitMs?: number;
}

export function rawExchange(
  port: number,
  body: unknown,
  options: RawExchangeOptions = {},
): Promise<RawExchange> {
  const {
    path = "/v1/chat/completions",
    method = "POST",
    idleMs = 2_000,
    maxBytes = 8 * 1024 * 1024,
  } = options;
  const closeWaitMs = options.closeWaitMs ?? 100;
  const payload = body === undefined ? "" : JSON.stringify(body);
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let headEnd = -1;
    let bodyReads = 0;
    let settled = false;
    let ending: RawEnding | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (how: RawEnding, isClosedAfter = false): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parse(received, headEnd), bodyReads, ending: how, isClosedAfter });
    };
    const armIdle = (): void => {
      clearTimeout(timer);
      timer = setTimeout(() => (ending === "complete" ? finish("complete") : finish("silent")), idleMs);
    };
    socket.on("connect", () => {
      socket.write(
        `${method} ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
      );
      armIdle();
    });
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      if (headEnd === -1) headEnd = received.indexOf("\r\n\r\n");
      if (headEnd !== -1 && received.length > headEnd + 4) bodyReads++;
      if (received.length > maxBytes) {
        finish("too-large");
        return;
      }
      if (headEnd !== -1 && ending === undefined && isComplete(received, headEnd)) {
        ending = "complete";
        // Wait a moment to see whether the server closes the connection after the message.
        clearTimeout(timer);
        timer = setTimeout(() => finish("complete", false), closeWaitMs);
        return;
      }
      armIdle();
    });
    socket.on("end", () => finish(ending === "complete" ? "complete" : "closed", ending === "complete"));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      finish(error.code === "ECONNRESET" ? "reset" : "closed", false),
    );
  });
}

function headersOf(received: Buffer, headEnd: number): { status: number; headers: Record<string, string> } {
  if (headEnd === -1) return { status: 0, headers: {} };
  const lines = received.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(lines[0]?.split(" ")[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers };
}

function isComplete(received: Buffer, headEnd: number): boolean {
  const { status, headers } = headersOf(received, headEnd);
  if (status === 0) return false;
  const rawBody = received.subarray(headEnd + 4);
  const length = headers["content-length"];
  if (length !== undefined) return rawBody.length >= Number(length);
  if (headers["transfer-encoding"] === "chunked") return dechunk(rawBody).isEnded;
  return false;
}

function parse(
  received: Buffer,
  headEnd: number,
): Omit<RawExchange, "ending" | "isClosedAfter" | "bodyReads"> {
  const { status, headers } = headersOf(received, headEnd);
  const rawBody = headEnd === -1 ? Buffer.alloc(0) : received.subarray(headEnd + 4);
  const body = headers["transfer-encoding"] === "chunked" ? dechunk(rawBody).text : rawBody.toString("utf8");
  return { status, headers, rawBody, body };
}

/** The data of a chunked body (as far as it came) and whether its last, empty chunk came. */
export function dechunk(raw: Buffer): { text: string; isEnded: boolean } {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < raw.length) {
    const lineEnd = raw.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString("latin1"), 16);
    if (size === 0) return { text: Buffer.concat(parts).toString("utf8"), isEnded: true };
    parts.push(raw.subarray(lineEnd + 2, Math.min(raw.length, lineEnd + 2 + size)));
    at = lineEnd + 2 + size + 2;
  }
  return { text: Buffer.concat(parts).toString("utf8"), isEnded: false };
}

/** The `data:` payloads of an SSE body, in order. */
export function sseData(body: string): string[] {
  return body
    .split("\n\n")
    .filter((event) => event.startsWith("data: "))
    .map((event) => event.slice("data: ".length));
}
