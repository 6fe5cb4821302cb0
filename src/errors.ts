// The error classes of llm-benchmarker: stable codes, a cause, and the exit code a CLI maps them to.
import { dirname } from "node:path";

/** Base of every error this project throws on purpose. `code` is a stable string users can grep for. */
export class BenchError extends Error {
  readonly code: string;
  /** 2 for bad usage or input, 1 for a failure of the run itself. */
  readonly exitCode: 1 | 2;

  constructor(code: string, message: string, options: { cause?: unknown; exitCode?: 1 | 2 } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.exitCode = options.exitCode ?? 2;
  }
}

/** A flag, option file or environment variable that cannot be used. */
export class ConfigError extends BenchError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super("E_CONFIG_INVALID", message, { ...options, exitCode: 2 });
  }
}

/** A dataset that cannot be found, downloaded or parsed: names the file, row and field where it can. */
export class DatasetError extends BenchError {
  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(options.code ?? "E_DATASET", message, { ...options, exitCode: 2 });
  }
}

/** An unknown benchmark name; the message lists the ones that exist. */
export class NoSuchBenchmarkError extends BenchError {
  readonly available: readonly string[];

  constructor(name: string, available: readonly string[]) {
    super(
      "E_NO_SUCH_BENCHMARK",
      `Unknown benchmark "${name}". Available: ${available.join(", ")}; or a definition file (./my_bench.ts, ./my_bench.yaml).`,
      {
        exitCode: 2,
      },
    );
    this.available = available;
  }
}

/** An HTTP call answered with an error status. `isRetryable` is worked out from the status. */
export class ApiCallError extends BenchError {
  readonly status: number | undefined;
  readonly isRetryable: boolean;
  readonly requestId: string | undefined;
  readonly responseBody: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(
    message: string,
    options: {
      status?: number;
      isRetryable?: boolean;
      requestId?: string;
      responseBody?: string;
      retryAfterMs?: number;
      cause?: unknown;
      code?: string;
    } = {},
  ) {
    super(options.code ?? "E_API_CALL", message, { cause: options.cause, exitCode: 1 });
    this.status = options.status;
    this.isRetryable = options.isRetryable ?? isRetryableStatus(options.status);
    this.requestId = options.requestId;
    this.responseBody = options.responseBody;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/** A server that cannot be reached at all (connection refused, DNS failure). */
export class ServerUnreachableError extends BenchError {
  readonly url: string;

  constructor(url: string, options: { cause?: unknown } = {}) {
    const reason = options.cause instanceof Error ? ` (${connectionFailure(options.cause, url)})` : "";
    super(
      "E_SERVER_UNREACHABLE",
      `Cannot reach the server at ${url}${reason}. Is it running, and is --base-url right?`,
      {
        ...options,
        exitCode: 1,
      },
    );
    this.url = url;
  }
}

/**
 * The reason a connection failed, in one line: a TLS handshake answered in plain HTTP (OpenSSL's "wrong version
 * number", an https:// URL to an http:// server) says so and names the http:// URL; anything else keeps the first line
 * of its message.
 */
function connectionFailure(cause: Error, url: string): string {
  for (let error: unknown = cause, depth = 0; error instanceof Error && depth < 4; depth++) {
    const code = (error as Error & { code?: unknown }).code;
    if (code === "ERR_SSL_WRONG_VERSION_NUMBER" || /wrong version number/.test(error.message)) {
      return `the TLS handshake got a plain HTTP answer: the server speaks plain HTTP, use ${url.replace(/^https:/, "http:")}`;
    }
    error = error.cause;
  }
  return cause.message.split("\n")[0]?.trim() ?? "";
}

/** A server-sent-event stream that does not parse. */
export class StreamParseError extends BenchError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super("E_STREAM_PARSE", message, { ...options, exitCode: 1 });
  }
}

/** A request that ran past one of its time limits. */
export class RequestTimeoutError extends BenchError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super("E_REQUEST_TIMEOUT", message, { ...options, exitCode: 1 });
  }
}

/**
 * A result file or the journal could not be written (a full disk, a read-only or unwritable directory). Exit 1, not
 * 2: the command was right and the run failed part way; what was written before stays. The message says what to
 * fix (free space, or make the directory writable) and then what to do (`next`: by default "try again"; a run says
 * how to resume it).
 */
export class OutputWriteError extends BenchError {
  readonly path: string;
  /** The system error code (`ENOSPC`, `EROFS`, `EACCES`, ...), when there was one. */
  readonly systemCode: string | undefined;

  constructor(path: string, cause: unknown, next = "try again.") {
    const systemCode = systemErrorCode(cause);
    super(
      "E_OUTPUT_WRITE",
      `cannot write ${path}: ${describeWriteFailure(cause, systemCode)}. ${fixOf(path, systemCode)}, then ${next}`,
      { cause, exitCode: 1 },
    );
    this.path = path;
    this.systemCode = systemCode;
  }

  /** The same failure, saying what to do once it is fixed (a command to copy: no full stop after it). */
  withNext(next: string): OutputWriteError {
    return new OutputWriteError(this.path, this.cause, next);
  }
}

/** What to fix after a write to `path` failed with `systemCode`. */
function fixOf(path: string, systemCode: string | undefined): string {
  return systemCode === "ENOSPC" || systemCode === "EDQUOT"
    ? `Free some space on the disk of ${dirname(path)}`
    : `Make ${dirname(path)} writable`;
}

function systemErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function describeWriteFailure(error: unknown, systemCode: string | undefined): string {
  switch (systemCode) {
    case "ENOSPC":
      return "no space left on the device (ENOSPC)";
    case "EDQUOT":
      return "the disk quota is used up (EDQUOT)";
    case "EROFS":
      return "the file system is read-only (EROFS)";
    case "EACCES":
    case "EPERM":
      return `permission denied (${systemCode})`;
    default:
      return toError(error).message;
  }
}

/** 408, 409, 429 and 5xx are worth another try; other statuses are not. */
export function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Normalizes anything thrown into an Error. */
export function toError(value: unknown): Error {
  if (value instanceof Error) return value;
  if (typeof value === "string") return new Error(value);
  try {
    return new Error(JSON.stringify(value));
  } catch {
    return new Error(String(value));
  }
}
