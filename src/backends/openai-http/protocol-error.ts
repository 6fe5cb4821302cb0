// The error for a 2xx response that is not an OpenAI answer (an HTML page, an empty or chunkless stream, chunks or a
// body without `choices`): code E_PROTOCOL, a message saying what came back, retryable by default.
import { ApiCallError } from "../../errors.js";

const MAX_QUOTED_LENGTH = 120;

export interface ProtocolProblem {
  /** e.g. "POST /v1/chat/completions". */
  target: string;
  statusCode: number;
  /** What came back, e.g. `a text/html body (<!DOCTYPE html>…)` or "an empty body". */
  what: string;
  /** Advice for a base URL without /v1 (HttpSettings.versionHint). */
  versionHint: string | undefined;
  /** Default true: like a server error, another try may get a real answer. */
  isRetryable?: boolean;
  cause?: unknown;
}

export function protocolError(problem: ProtocolProblem): ApiCallError {
  const advice =
    problem.versionHint === undefined
      ? "is --base-url the server's OpenAI API (e.g. http://host:8000/v1)?"
      : `is --base-url the server's OpenAI API? ${problem.versionHint}`;
  return new ApiCallError(
    `${problem.target}: HTTP ${problem.statusCode} with ${problem.what}, not an OpenAI response: ${advice}`,
    {
      code: "E_PROTOCOL",
      status: problem.statusCode,
      isRetryable: problem.isRetryable ?? true,
      ...(problem.cause === undefined ? {} : { cause: problem.cause }),
    },
  );
}

/**
 * A body for a message: "an empty body", or e.g. `a text/html body (<!DOCTYPE html> <html>…)` with `remark` after
 * "body" (" that is not JSON").
 */
export function describeBody(contentType: string | undefined, text: string, remark = ""): string {
  if (text.trim() === "") return "an empty body";
  const kind = contentType === undefined || contentType === "" ? "" : `${contentType.split(";")[0]?.trim()} `;
  const article = /^[aeiou]/i.test(kind) ? "an" : "a";
  return `${article} ${kind}body${remark} (${quoteBody(text)})`;
}

/** The start of a body for a message: whitespace collapsed, at most 120 characters, "…" when cut. */
export function quoteBody(text: string): string {
  const collapsed = text.replace(/\s+/g, " ").trim();
  return collapsed.length > MAX_QUOTED_LENGTH ? `${collapsed.slice(0, MAX_QUOTED_LENGTH)}…` : collapsed;
}
