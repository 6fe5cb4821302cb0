// Wraps a transport failure (refused, reset, socket closed…) in a retryable ApiCallError with code E_CONNECTION; a
// refused TLS certificate is not retryable and says how to trust it.
import { ApiCallError, toError } from "../../errors.js";
import { isRetryableConnectionError } from "../../net/net-errors.js";
import { refusedCertificate } from "./refused-certificate.js";

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
    isRetryable: certificate === undefined && isRetryableConnectionError(error),
    cause: error,
  });
}
