// Tests the HTTP/1.1 response parser on byte-exact responses, fed whole and split at every byte: framing by
// Content-Length, chunked coding (extensions, trailers), end of connection; interim responses; malformed input.
import { describe, expect, it } from "vitest";
import { H1ResponseParser, HttpParseError } from "./h1-response-parser.js";

interface Parsed {
  heads: Array<{ statusCode: number; statusText: string; headers: Record<string, unknown> }>;
  body: string;
  ends: number;
}

function parserWithLog(): { parser: H1ResponseParser; log: Parsed } {
  const log: Parsed = { heads: [], body: "", ends: 0 };
  const bodyBytes: Buffer[] = [];
  const parser = new H1ResponseParser({
    onHead: (statusCode, statusText, headers) =>
      log.heads.push({ statusCode, statusText, headers: { ...headers } }),
    onBody: (chunk) => {
      // Bytes, decoded whole: a split may cut a multi-byte character.
      bodyBytes.push(Buffer.from(chunk));
      log.body = Buffer.concat(bodyBytes).toString("utf8");
    },
    onEnd: () => {
      log.ends++;
    },
  });
  return { parser, log };
}

/** Parses `raw` in one piece and in two pieces split at every byte; all must agree. */
function parseEverySplit(raw: string, options: { isHead?: boolean; close?: boolean } = {}): Parsed {
  const bytes = Buffer.from(raw, "utf8");
  const results: Parsed[] = [];
  for (let split = 0; split <= bytes.length; split++) {
    const { parser, log } = parserWithLog();
    parser.expectResponse(options.isHead ?? false);
    if (split > 0) parser.push(bytes.subarray(0, split));
    if (split < bytes.length) parser.push(bytes.subarray(split));
    if (options.close === true) parser.finish();
    results.push(log);
  }
  for (const result of results) expect(result).toEqual(results[0]);
  const [first] = results;
  if (first === undefined) throw new Error("no result");
  return first;
}

describe("H1ResponseParser", () => {
  it("reads a Content-Length body and keeps the connection", () => {
    const body = '{"choices":[{"text":"é"}]}';
    const raw =
      `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: a\r\nX-Request-Id: b\r\nKeep-Alive: timeout=5\r\n\r\n${body}`;
    const parsed = parseEverySplit(raw);
    expect(parsed.heads).toEqual([
      {
        statusCode: 200,
        statusText: "OK",
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "x-request-id": "a, b",
          "keep-alive": "timeout=5",
        },
      },
    ]);
    expect(parsed.body).toBe(body);
    expect(parsed.ends).toBe(1);
    const { parser } = parserWithLog();
    parser.expectResponse();
    parser.push(Buffer.from(raw));
    expect(parser.isIdle).toBe(true);
    expect(parser.shouldClose).toBe(false);
  });

  it("reads a chunked SSE body with chunk extensions and trailers, after an interim 100 Continue", () => {
    const events = ['data: {"a":1}\n\n', 'data: {"b":"東京"}\n\n', "data: [DONE]\n\n"];
    const chunked = events
      .map(
        (event, index) =>
          `${Buffer.byteLength(event).toString(16)}${index === 1 ? ";ext=1" : ""}\r\n${event}\r\n`,
      )
      .join("");
    const raw =
      "HTTP/1.1 100 Continue\r\n\r\n" +
      "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" +
      `${chunked}0\r\nX-Trailer: done\r\n\r\n`;
    const parsed = parseEverySplit(raw);
    expect(parsed.heads.map((head) => head.statusCode)).toEqual([200]);
    expect(parsed.body).toBe(events.join(""));
    expect(parsed.ends).toBe(1);
  });

  it("ends a chunked body without trailers, and takes bare LF line ends", () => {
    expect(
      parseEverySplit("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n").body,
    ).toBe("abc");
    expect(parseEverySplit("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\nabc\n0\n\n").body).toBe(
      "abc",
    );
  });

  it("has no body for HEAD, 204 and 304, and an empty one for Content-Length 0", () => {
    expect(parseEverySplit("HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n", { isHead: true })).toMatchObject({
      body: "",
      ends: 1,
    });
    expect(parseEverySplit("HTTP/1.1 204 No Content\r\n\r\n")).toMatchObject({ body: "", ends: 1 });
    expect(parseEverySplit("HTTP/1.1 304 Not Modified\r\n\r\n")).toMatchObject({ body: "", ends: 1 });
    expect(parseEverySplit("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n")).toMatchObject({
      body: "",
      ends: 1,
    });
  });

  it("reads a body without length until the server closes, and then closes the connection", () => {
    const parsed = parseEverySplit("HTTP/1.0 503 Service Unavailable\r\n\r\noverloaded", { close: true });
    expect(parsed).toMatchObject({ body: "overloaded", ends: 1 });
    const { parser } = parserWithLog();
    parser.expectResponse();
    parser.push(Buffer.from("HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 2\r\n\r\nok"));
    expect(parser.shouldClose).toBe(true);
    const old = parserWithLog().parser;
    old.expectResponse();
    old.push(Buffer.from("HTTP/1.0 200 OK\r\ncontent-length: 2\r\n\r\nok"));
    expect(old.shouldClose).toBe(true);
  });

  it("reports a response cut short, a close before any byte, and malformed input", () => {
    const cut = parserWithLog().parser;
    cut.expectResponse();
    cut.push(Buffer.from("HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc"));
    expect(() => cut.finish()).toThrow(/in the middle of a response/);
    const silent = parserWithLog().parser;
    silent.expectResponse();
    expect(() => silent.finish()).toThrow(/before responding/);
    const cases = [
      "HTTP/2 200\r\n\r\n",
      "HTTP/1.1 20 OK\r\n\r\n",
      "HTTP/1.1 200 OK\r\nno-colon-here\r\n\r\n",
      "HTTP/1.1 200 OK\r\n folded: value\r\n\r\n",
      "HTTP/1.1 200 OK\r\ncontent-length: 5, 6\r\n\r\n",
      "HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n",
      "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n",
      "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabcX",
      "HTTP/1.1 101 Switching Protocols\r\n\r\n",
    ];
    for (const raw of cases) {
      const { parser } = parserWithLog();
      parser.expectResponse();
      expect(() => parser.push(Buffer.from(raw)), raw).toThrow(HttpParseError);
    }
  });

  it("refuses bytes between responses and a head larger than 64 KB", () => {
    const { parser, log } = parserWithLog();
    parser.expectResponse();
    expect(() => parser.push(Buffer.from("HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\nxEXTRA"))).toThrow(
      /unexpected bytes/,
    );
    expect(log.ends).toBe(1);
    const big = parserWithLog().parser;
    big.expectResponse();
    expect(() => big.push(Buffer.from(`HTTP/1.1 200 OK\r\nx: ${"a".repeat(70_000)}`))).toThrow(/longer than/);
  });

  it("takes a status line without a reason phrase and optional whitespace around header values", () => {
    const parsed = parseEverySplit("HTTP/1.1 200\r\nContent-Length:\t2 \r\nX-A:b\r\n\r\nok");
    expect(parsed.heads).toEqual([
      { statusCode: 200, statusText: "", headers: { "content-length": "2", "x-a": "b" } },
    ]);
    expect(parsed.body).toBe("ok");
    expect(parseEverySplit("HTTP/1.1 200 OK\r\ncontent-length: 2, 2\r\n\r\nok").body).toBe("ok");
  });

  it("reads responses one after another on the same connection", () => {
    const { parser, log } = parserWithLog();
    for (const text of ["one", "two", "three"]) {
      parser.expectResponse();
      parser.push(Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${text.length}\r\n\r\n${text}`));
    }
    expect(log.body).toBe("onetwothree");
    expect(log.ends).toBe(3);
  });
});
