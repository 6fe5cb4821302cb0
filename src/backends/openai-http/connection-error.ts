// Wraps a transport failure (refused, reset, socket closed…) in a retryable ApiCallError with code E_CONNECTION; a
// refused TLS certificate is not retryable and says how to trust it.
import { ApiCallError, toError } from "../../errors.js";
import { refusedCertificate } from "./refused-certificate.js";

/** undici codes that say the request itself or the client is broken: another try would fail the same way. */
const NOT_RETRYABLE_CODES = new Set([
  "UND_ERR_INVALID_ARG",
  "UND_ERR_INVALID_RETURN_VALUE",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
  "UND_ERR_NOT_SUPPORTED",
  "UND_ERR_REQ_CONTENT_LENGTH_MISMATCH",
]);

function codeOf(error: Error): string | undefined {
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

export function connectionError(value: unknown, target: string): ApiCallError {
  const error = toError(value);
  const code = codeOf(error) ?? codeOf(toError(error.cause ?? error));
  const detail =
    code === undefined || error.message.includes(code) ? error.message : `${code}: ${error.message}`;
  const certificate = refusedCertificate(error);
  const advice = certificate?.advice === undefined ? "" : ` (${certificate.advice})`;
  return new ApiCallError(`Connection failed for ${target}: ${detail}${advice}`, {
    code: "E_CONNECTION",
    isRetryable: certificate === undefined && (code === undefined || !NOT_RETRYABLE_CODES.has(code)),
    cause: error,
  });
}
