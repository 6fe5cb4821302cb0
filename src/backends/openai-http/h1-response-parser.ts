// An incremental HTTP/1.1 response parser for one keep-alive connection: status line and headers, then the body
// framed by Content-Length, chunked transfer coding (extensions and trailers read and dropped) or the end of the
// connection; interim 1xx responses skipped. Bytes in, events out, no I/O: `h1-pool.ts` feeds it from a socket.
import type { IncomingHttpHeaders } from "node:http";

export interface ResponseParserEvents {
  /** The final (non-1xx) response's status and headers (names lower-cased). */
  onHead(statusCode: number, statusText: string, headers: IncomingHttpHeaders): void;
  onBody(chunk: Buffer): void;
  /** The whole response has been read. */
  onEnd(): void;
}

export class HttpParseError extends Error {
  override name = "HttpParseError";
  /** `E_HTTP_PARSE` for bytes that are not HTTP; `UND_ERR_SOCKET` (undici's code) for a close mid-exchange. */
  readonly code: string;

  constructor(message: string, code = "E_HTTP_PARSE") {
    super(message);
    this.code = code;
  }
}

/** Longest status line plus headers (or trailers) accepted. */
const MAX_HEAD_BYTES = 64 * 1024;
/** Longest chunk-size line (size, extensions) accepted. */
const MAX_CHUNK_LINE_BYTES = 4096;

type State =
  | "idle"
  | "head"
  | "body-length"
  | "chunk-size"
  | "chunk-data"
  | "chunk-data-end"
  | "trailers"
  | "body-until-close";

const CR = 13;
const LF = 10;

export class H1ResponseParser {
  readonly #events: ResponseParserEvents;
  #state: State = "idle";
  #isHeadRequest = false;
  /** Bytes of an unfinished head, chunk-size line or trailer section. */
  #pending: Buffer | undefined;
  #remaining = 0;
  #shouldClose = false;

  constructor(events: ResponseParserEvents) {
    this.#events = events;
  }

  /** Starts reading the response to the request just written (`isHead`: a HEAD request, whose answer has no body). */
  expectResponse(isHead = false): void {
    if (this.#state !== "idle") throw new HttpParseError("a response is already being read");
    this.#state = "head";
    this.#isHeadRequest = isHead;
    this.#shouldClose = false;
  }

  /** True between responses. */
  get isIdle(): boolean {
    return this.#state === "idle";
  }

  /** The last response said the connection ends after it (`Connection: close`, HTTP/1.0 without keep-alive). */
  get shouldClose(): boolean {
    return this.#shouldClose;
  }

  /** Takes the next bytes from the socket. Throws HttpParseError on a malformed response or unexpected bytes. */
  push(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0) {
      switch (this.#state) {
        case "idle":
          throw new HttpParseError(`${data.length} unexpected bytes from the server between responses`);
        case "head":
          data = this.#readHead(data);
          break;
        case "body-length":
          data = this.#takeBody(data);
          if (this.#remaining === 0) this.#end();
          break;
        case "chunk-size":
          data = this.#readChunkSize(data);
          break;
        case "chunk-data":
          data = this.#takeBody(data);
          if (this.#remaining === 0) {
            this.#state = "chunk-data-end";
            this.#remaining = 2;
          }
          break;
        case "chunk-data-end":
          data = this.#readChunkDataEnd(data);
          break;
        case "trailers":
          data = this.#readTrailers(data);
          break;
        case "body-until-close":
          this.#events.onBody(data);
          data = EMPTY;
          break;
      }
    }
  }

  /** The server closed the connection: ends a body read until close; throws if a response was cut short. */
  finish(): void {
    if (this.#state === "idle") return;
    if (this.#state === "body-until-close") {
      this.#shouldClose = true;
      this.#end();
      return;
    }
    throw new HttpParseError(
      this.#state === "head" && this.#pending === undefined
        ? "the server closed the connection before responding"
        : "the server closed the connection in the middle of a response",
      "UND_ERR_SOCKET",
    );
  }

  /** Hands on up to `#remaining` bytes of `data` as body; returns the rest. */
  #takeBody(data: Buffer): Buffer {
    const take = Math.min(this.#remaining, data.length);
    this.#remaining -= take;
    if (take === data.length) {
      this.#events.onBody(data);
      return EMPTY;
    }
    this.#events.onBody(data.subarray(0, take));
    return data.subarray(take);
  }

  #readHead(data: Buffer): Buffer {
    const buffered = this.#pending === undefined ? data : Buffer.concat([this.#pending, data]);
    // Search from a little before the new bytes: the blank line may straddle the two.
    const from = this.#pending === undefined ? 0 : Math.max(0, this.#pending.length - 3);
    const end = buffered.indexOf("\r\n\r\n", from, "latin1");
    if (end < 0) {
      if (buffered.length > MAX_HEAD_BYTES) {
        throw new HttpParseError(`response head longer than ${MAX_HEAD_BYTES} bytes`);
      }
      this.#pending = buffered;
      return EMPTY;
    }
    this.#pending = undefined;
    this.#parseHead(buffered.toString("latin1", 0, end));
    return buffered.subarray(end + 4);
  }

  /** Parses a head without splitting it into lines or matching it with regular expressions (it runs per request). */
  #parseHead(head: string): void {
    let lineEnd = head.indexOf("\r\n");
    if (lineEnd < 0) lineEnd = head.length;
    const statusCode = statusCodeOf(head, lineEnd);
    if (statusCode < 0) {
      throw new HttpParseError(
        `malformed status line: ${JSON.stringify(head.slice(0, Math.min(lineEnd, 80)))}`,
      );
    }
    const isHttp10 = head.charCodeAt(7) === 48;
    const statusText = lineEnd > 13 ? head.slice(13, lineEnd) : "";
    const headers: IncomingHttpHeaders = {};
    for (let start = lineEnd + 2; start < head.length; start = lineEnd + 2) {
      lineEnd = head.indexOf("\r\n", start);
      if (lineEnd < 0) lineEnd = head.length;
      const colon = head.indexOf(":", start);
      const first = head.charCodeAt(start);
      if (colon <= start || colon >= lineEnd || first === 32 || first === 9) {
        throw new HttpParseError(
          `malformed header line: ${JSON.stringify(head.slice(start, Math.min(lineEnd, start + 80)))}`,
        );
      }
      const name = head.slice(start, trimEnd(head, start, colon)).toLowerCase();
      const valueStart = trimStart(head, colon + 1, lineEnd);
      const value = head.slice(valueStart, trimEnd(head, valueStart, lineEnd));
      const existing = headers[name];
      if (existing === undefined) headers[name] = value;
      else if (Array.isArray(existing)) existing.push(value);
      else headers[name] = name === "set-cookie" ? [existing, value] : `${existing}, ${value}`;
    }
    if (statusCode >= 100 && statusCode < 200) {
      if (statusCode === 101)
        throw new HttpParseError("unexpected protocol switch (101) in answer to a request");
      return; // interim response: the final one follows
    }
    const connection = headers.connection;
    if (connection === undefined) {
      this.#shouldClose = isHttp10;
    } else {
      const tokens = String(connection).toLowerCase();
      this.#shouldClose = tokens.includes("close") || (isHttp10 && !tokens.includes("keep-alive"));
    }
    this.#events.onHead(statusCode, statusText, headers);
    if (this.#isHeadRequest || statusCode === 204 || statusCode === 304) {
      this.#end();
      return;
    }
    const transferEncoding = headers["transfer-encoding"];
    if (transferEncoding !== undefined) {
      if (/(?:^|,)\s*chunked\s*$/i.test(String(transferEncoding))) {
        this.#state = "chunk-size";
        return;
      }
      this.#shouldClose = true;
      this.#state = "body-until-close";
      return;
    }
    const contentLength = headers["content-length"];
    if (contentLength !== undefined) {
      const length = contentLengthOf(String(contentLength));
      if (length < 0) {
        throw new HttpParseError(`invalid Content-Length: ${JSON.stringify(String(contentLength))}`);
      }
      this.#remaining = length;
      if (this.#remaining === 0) this.#end();
      else this.#state = "body-length";
      return;
    }
    this.#shouldClose = true;
    this.#state = "body-until-close";
  }

  #readChunkSize(data: Buffer): Buffer {
    const buffered = this.#pending === undefined ? data : Buffer.concat([this.#pending, data]);
    const lineEnd = buffered.indexOf(LF);
    if (lineEnd < 0) {
      if (buffered.length > MAX_CHUNK_LINE_BYTES) throw new HttpParseError("chunk-size line too long");
      this.#pending = buffered;
      return EMPTY;
    }
    this.#pending = undefined;
    const line = buffered.toString(
      "latin1",
      0,
      lineEnd > 0 && buffered[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd,
    );
    const sizeText = (line.split(";")[0] ?? "").trim();
    if (!/^[0-9a-fA-F]{1,12}$/.test(sizeText)) {
      throw new HttpParseError(`invalid chunk size: ${JSON.stringify(line.slice(0, 40))}`);
    }
    const size = Number.parseInt(sizeText, 16);
    if (size === 0) {
      this.#state = "trailers";
    } else {
      this.#state = "chunk-data";
      this.#remaining = size;
    }
    return buffered.subarray(lineEnd + 1);
  }

  /** The CRLF after a chunk's data (a bare LF is taken too). */
  #readChunkDataEnd(data: Buffer): Buffer {
    let index = 0;
    while (index < data.length && this.#remaining > 0) {
      const byte = data[index];
      if (this.#remaining === 2 && byte === CR) {
        this.#remaining = 1;
      } else if (byte === LF) {
        this.#remaining = 0;
      } else {
        throw new HttpParseError("chunk data not followed by CRLF");
      }
      index++;
    }
    if (this.#remaining === 0) this.#state = "chunk-size";
    return data.subarray(index);
  }

  /** Trailer fields after the last chunk, up to the blank line (read and dropped). */
  #readTrailers(data: Buffer): Buffer {
    const buffered = this.#pending === undefined ? data : Buffer.concat([this.#pending, data]);
    // No trailers: the section is just CRLF.
    if (buffered.length >= 2 && buffered[0] === CR && buffered[1] === LF) {
      this.#pending = undefined;
      this.#end();
      return buffered.subarray(2);
    }
    if (buffered.length >= 1 && buffered[0] === LF) {
      this.#pending = undefined;
      this.#end();
      return buffered.subarray(1);
    }
    const end = buffered.indexOf("\r\n\r\n", 0, "latin1");
    if (end < 0) {
      if (buffered.length > MAX_HEAD_BYTES) throw new HttpParseError("trailer section too long");
      this.#pending = buffered;
      return EMPTY;
    }
    this.#pending = undefined;
    this.#end();
    return buffered.subarray(end + 4);
  }

  #end(): void {
    this.#state = "idle";
    this.#pending = undefined;
    this.#remaining = 0;
    this.#events.onEnd();
  }
}

const EMPTY = Buffer.alloc(0);

/** The status code of `HTTP/1.x SSS[ reason]` ending at `lineEnd`, or -1 when the line is not that. */
function statusCodeOf(head: string, lineEnd: number): number {
  if (lineEnd < 12 || !head.startsWith("HTTP/1.")) return -1;
  const minor = head.charCodeAt(7);
  if ((minor !== 48 && minor !== 49) || head.charCodeAt(8) !== 32) return -1;
  if (lineEnd > 12 && head.charCodeAt(12) !== 32) return -1;
  let code = 0;
  for (let index = 9; index < 12; index++) {
    const digit = head.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return -1;
    code = code * 10 + digit;
  }
  return code;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9;
}

function trimStart(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && isSpace(text.charCodeAt(at))) at++;
  return at;
}

function trimEnd(text: string, start: number, end: number): number {
  let at = end;
  while (at > start && isSpace(text.charCodeAt(at - 1))) at--;
  return at;
}

/** A Content-Length value (repeated equal values allowed, as RFC 9110 permits), or -1 when invalid. */
function contentLengthOf(value: string): number {
  let length = -1;
  for (const part of value.includes(",") ? value.split(",") : [value]) {
    const text = part.trim();
    if (text.length === 0 || text.length > 15) return -1;
    let parsed = 0;
    for (let index = 0; index < text.length; index++) {
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) return -1;
      parsed = parsed * 10 + digit;
    }
    if (length >= 0 && parsed !== length) return -1;
    length = parsed;
  }
  return length;
}
