// Builds the ApiCallError for an HTTP error status: message with the server's own words, retry hint, request id.
import type { IncomingHttpHeaders } from "node:http";
import { ApiCallError } from "../../errors.js";
import { responseRetryAdvice } from "../../net/response-retry-advice.js";
import { describeErrorBody } from "./describe-error-body.js";
import { redactSecret } from "./redact-secret.js";

const MAX_BODY_LENGTH = 4000;

export interface ErrorResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  bodyText: string;
  /** e.g. "POST /v1/chat/completions", to say which call failed. */
  target: string;
  /** Whether a key was sent (a 401's advice differs). */
  apiKey?: string | undefined;
  /** Redacted from every text of the error (the API key, the base URL's keys). */
  secrets?: readonly string[] | undefined;
  /** Added to a 404's message: the base URL may lack /v1 (HttpSettings.versionHint). */
  versionHint?: string | undefined;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function apiCallErrorFromResponse(response: ErrorResponse): ApiCallError {
  const { statusCode, headers, apiKey } = response;
  const bodyText = redactSecret(response.bodyText, response.secrets ?? [apiKey]);
  const detail = bodyText.trim() === "" ? "(empty body)" : describeErrorBody(bodyText);
  let hint = "";
  if (statusCode === 401 || statusCode === 403) {
    hint =
      apiKey === undefined
        ? " (the server wants an API key: pass --api-key or set OPENAI_API_KEY)"
        : " (the server rejected the API key: check --api-key or OPENAI_API_KEY)";
  } else if (statusCode === 404 && response.versionHint !== undefined) {
    hint = ` — ${response.versionHint}`;
  }
  const requestId = headerValue(headers, "x-request-id");
  const { isRetryable, retryAfterMs } = responseRetryAdvice(statusCode, headers);
  return new ApiCallError(`HTTP ${statusCode} from ${response.target}: ${detail}${hint}`, {
    status: statusCode,
    isRetryable,
    responseBody: bodyText.slice(0, MAX_BODY_LENGTH),
    ...(requestId === undefined ? {} : { requestId }),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}
