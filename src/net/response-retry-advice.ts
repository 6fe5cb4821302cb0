// Whether an HTTP error answer is worth another try and how long the server asked to wait, as openai-node decides.
import type { IncomingHttpHeaders } from "node:http";
import { isRetryableStatus } from "../errors.js";
import { parseRetryAfter } from "./parse-retry-after.js";
import type { RetryAdvice } from "./retry.js";

/**
 * `x-should-retry: true|false` wins (openai-node `shouldRetry`, commit 7b7d6ca71130d37ec09792c50056b47861f2eccf);
 * otherwise 408, 409, 429 and 5xx are retryable. `retryAfterMs` is the wait the headers ask for, if any.
 */
export function responseRetryAdvice(statusCode: number, headers: IncomingHttpHeaders): RetryAdvice {
  const header = headers["x-should-retry"];
  const shouldRetry = Array.isArray(header) ? header[0] : header;
  const isRetryable =
    shouldRetry === "true" ? true : shouldRetry === "false" ? false : isRetryableStatus(statusCode);
  return { isRetryable, retryAfterMs: parseRetryAfter(headers) };
}
