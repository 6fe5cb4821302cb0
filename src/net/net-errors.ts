// The errors of src/net/: each carries `isRetryable` (and a wait) so `retry` needs no code lists of its own.
import type { IncomingHttpHeaders } from "node:http";
import { BenchError } from "../errors.js";
import { responseRetryAdvice } from "./response-retry-advice.js";

/** The `code` of an error or of one of its causes, if any. */
export function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth++) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = current.cause;
  }
  return undefined;
}

/** undici codes that say the request itself or the client is broken: another try would fail the same way. */
const CLIENT_FAULT_CODES = new Set([
  "UND_ERR_INVALID_ARG",
  "UND_ERR_INVALID_RETURN_VALUE",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "UND_ERR_NOT_SUPPORTED",
  "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH",
]);

/** Codes of a connection that never came up (the server cannot be reached), as opposed to one that broke off. */
const CONNECT_FAILURE_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "EAI_FAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** A connection error (refused, reset, timed out, cut mid-body) is retryable unless the client itself is at fault. */
export function isRetryableConnectionError(error: unknown): boolean {
  const code = errorCode(error);
  return code === undefined || !CLIENT_FAULT_CODES.has(code);
}

/** The transport failed: no connection, a timeout, or a connection that broke off. */
export class NetworkError extends BenchError {
  readonly url: string;
  readonly isRetryable: boolean;
  /** The connection never came up (refused, DNS, connect timeout): the server is unreachable. */
  readonly isConnectFailure: boolean;

  constructor(url: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    const code = errorCode(cause);
    const detail = code === undefined || reason.includes(code) ? reason : `${code}: ${reason}`;
    super("E_NETWORK", `Connection to ${url} failed: ${detail}`, { cause, exitCode: 1 });
    this.url = url;
    this.isRetryable = isRetryableConnectionError(cause);
    this.isConnectFailure = code !== undefined && CONNECT_FAILURE_CODES.has(code);
  }
}

/** The server answered with a status the caller did not want; retryable as openai-node decides. */
export class HttpStatusError extends BenchError {
  readonly url: string;
  readonly status: number;
  /** The start of the body, for messages. */
  readonly responseText: string;
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(options: { url: string; status: number; headers: IncomingHttpHeaders; responseText: string }) {
    const body = options.responseText.trim().slice(0, 200);
    super("E_HTTP_STATUS", `HTTP ${options.status} for ${options.url}${body === "" ? "" : `: ${body}`}`, {
      exitCode: 1,
    });
    this.url = options.url;
    this.status = options.status;
    this.responseText = options.responseText;
    const advice = responseRetryAdvice(options.status, options.headers);
    this.isRetryable = advice.isRetryable;
    this.retryAfterMs = advice.retryAfterMs;
  }
}

/** The body ended before the length the server announced (or a resumed range did not line up): try again. */
export class IncompleteDownloadError extends BenchError {
  readonly isRetryable = true;

  constructor(message: string) {
    super("E_DOWNLOAD_INCOMPLETE", message, { exitCode: 1 });
  }
}

/** The downloaded bytes do not have the expected SHA-256; the partial file was deleted. */
export class ChecksumMismatchError extends BenchError {
  readonly isRetryable = false;
  readonly url: string;
  readonly expectedSha256: string;
  readonly actualSha256: string;

  constructor(options: { url: string; expectedSha256: string; actualSha256: string }) {
    super(
      "E_DOWNLOAD_CHECKSUM",
      `The file downloaded from ${options.url} has SHA-256 ${options.actualSha256}, expected ` +
        `${options.expectedSha256}; it was deleted.`,
      { exitCode: 1 },
    );
    this.url = options.url;
    this.expectedSha256 = options.expectedSha256;
    this.actualSha256 = options.actualSha256;
  }
}

/** The body grew past the caller's limit (it is not the file the caller expects); the partial file was deleted. */
export class DownloadTooLargeError extends BenchError {
  readonly isRetryable = false;
  readonly url: string;
  readonly maxBytes: number;

  constructor(url: string, maxBytes: number) {
    super("E_DOWNLOAD_TOO_LARGE", `${url} sent more than ${maxBytes} bytes.`, { exitCode: 1 });
    this.url = url;
    this.maxBytes = maxBytes;
  }
}

/** The body is not the size the source said the file has; the partial file was deleted. */
export class SizeMismatchError extends BenchError {
  readonly isRetryable = false;
  readonly url: string;

  constructor(options: { url: string; expectedBytes: number; actualBytes: number; isAtLeast?: boolean }) {
    super(
      "E_DOWNLOAD_SIZE",
      `The file downloaded from ${options.url} has ${options.isAtLeast === true ? "more than " : ""}` +
        `${options.actualBytes} bytes, but its source names ${options.expectedBytes}; it was deleted.`,
      { exitCode: 1 },
    );
    this.url = options.url;
  }
}
