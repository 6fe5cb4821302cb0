// Wraps a transport failure (refused, reset, socket closed…) in a retryable ApiCallError with code E_CONNECTION.
import { ApiCallError, toError } from "../../errors.js";
import { isRetryableConnectionError } from "../../net/net-errors.js";

function codeOf(error: Error): string | undefined {
  const code: unknown = (error as Error & { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

export function connectionError(value: unknown, target: string): ApiCallError {
  const error = toError(value);
  const code = codeOf(error) ?? codeOf(toError(error.cause ?? error));
  const detail =
    code === undefined || error.message.includes(code) ? error.message : `${code}: ${error.message}`;
  return new ApiCallError(`Connection failed for ${target}: ${detail}`, {
    code: "E_CONNECTION",
    isRetryable: isRetryableConnectionError(error),
    cause: error,
  });
}
