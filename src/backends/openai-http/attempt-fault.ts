// The one place an attempt's failure gets its fault class (the table is in src/core/fault-classes.ts).
import type { FaultClass } from "../../core/fault-classes.js";
import { errorCode } from "../../net/net-errors.js";

/** How an attempt failed, as send-attempt sees it. */
export type AttemptFailure =
  /** A non-2xx status, before or instead of an answer. */
  | { type: "http-status"; statusCode: number }
  /** The transport failed; `hasFirstByte`: after a 2xx answer had begun. */
  | { type: "transport"; error: unknown; hasFirstByte: boolean }
  | { type: "timeout"; limit: "total" | "first-chunk" | "idle" }
  /** SSE data that is not a JSON chunk. */
  | { type: "malformed-stream" }
  /** The server reported an error inside a 2xx body. */
  | { type: "stream-error" }
  /** The stream ended without a finish_reason and without `[DONE]`. */
  | { type: "incomplete-stream" }
  /** A 2xx body without any choice; `byteCount` 0 is an empty body. */
  | { type: "no-answer"; byteCount: number }
  | { type: "too-large" };

/** Codes of a connection that never came up, or was reset/closed by the other side. */
const REFUSED_CODES = new Set(["ECONNREFUSED"]);
const RESET_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "ECONNABORTED"]);

export function attemptFaultClass(failure: AttemptFailure): FaultClass {
  switch (failure.type) {
    case "http-status":
      return `http_${failure.statusCode}`;
    case "transport": {
      if (failure.hasFirstByte) return "stream_reset";
      const code = errorCode(failure.error) ?? "";
      if (REFUSED_CODES.has(code)) return "connection_refused";
      if (RESET_CODES.has(code)) return "connection_reset";
      return "connection_error";
    }
    case "timeout":
      return failure.limit === "first-chunk"
        ? "timeout_first_byte"
        : failure.limit === "idle"
          ? "timeout_idle"
          : "timeout_total";
    case "malformed-stream":
      return "malformed_stream";
    case "stream-error":
      return "stream_error_event";
    case "incomplete-stream":
      return "incomplete_stream";
    case "no-answer":
      return failure.byteCount === 0 ? "empty_body" : "not_openai_response";
    case "too-large":
      return "response_too_large";
    default: {
      const unreachable: never = failure;
      return unreachable;
    }
  }
}
