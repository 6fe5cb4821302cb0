// Backend#generate for OpenAI-compatible servers: builds the call, retries what is worth retrying, never throws.
import type { GenerationRequest, GenerationResult } from "../../core/generation.js";
import { type ApiCallError, toError } from "../../errors.js";
import { retry } from "../../net/retry.js";
import { buildRequestBody } from "./build-request-body.js";
import type { HttpSettings } from "./http-settings.js";
import { redactSecret } from "./redact-secret.js";
import { ResponseAccumulator } from "./response-accumulator.js";
import { type AttemptOutcome, sendAttempt, type WireCall } from "./send-attempt.js";

const ABORTED = { code: "E_ABORTED", message: "The request was aborted by the caller." } as const;

/** A function, so that TypeScript does not keep a narrowed `aborted` across awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

function emptyResult(
  settings: HttpSettings,
  status: "aborted" | "error",
  attempts: number,
  error: { code: string; message: string },
): GenerationResult {
  const timeMs = settings.now();
  return new ResponseAccumulator().toResult({ status, attempts, sentMs: timeMs, endMs: timeMs, error });
}

/** Every message that leaves the backend goes through here, so a key a server echoes is never shown. */
function redacted(result: GenerationResult, secrets: readonly string[]): GenerationResult {
  if (result.error === undefined || secrets.length === 0) return result;
  return { ...result, error: { ...result.error, message: redactSecret(result.error.message, secrets) } };
}

function abortedAfter(settings: HttpSettings, outcome: AttemptOutcome): GenerationResult {
  const { result } = outcome;
  return {
    ...result,
    status: "aborted",
    error: ABORTED,
    timings: { ...result.timings, endMs: settings.now() },
  };
}

/**
 * The retry advice of an attempt: its retryable ApiCallError (set only before the first body byte), if any; none
 * for a connection error of a replica that hands those to the next replica.
 */
function adviceOfOutcome(settings: HttpSettings, outcome: AttemptOutcome): ApiCallError | undefined {
  const error = outcome.retryError;
  if (error?.code === "E_CONNECTION" && !settings.isConnectionErrorRetried) return undefined;
  return error;
}

/** `sendAttempt` resolves with every failure as data; anything it throws is a bug, never retried. */
function neverRetried(): undefined {
  return undefined;
}

/**
 * Sends the call through `retry` (src/net/): connection errors and 408/409/429/5xx (or `x-should-retry: true`)
 * that came before any body byte of a successful response are tried again, after `retry-after-ms` /
 * `retry-after` (0–60 s) or else the backoff. Timings are those of the last attempt. Never throws: an abort, before
 * or between attempts, becomes an `aborted` result.
 */
export async function generateWithRetries(
  settings: HttpSettings,
  request: GenerationRequest,
  signal: AbortSignal | undefined,
): Promise<GenerationResult> {
  let call: WireCall;
  try {
    const { endpoint, body } = buildRequestBody(request, settings.model);
    const { path, target } = settings.generationTargets[endpoint];
    call = { path, body: JSON.stringify(body), isStream: request.stream, target };
  } catch (error) {
    const message = `Cannot build the request body: ${toError(error).message}`;
    return emptyResult(settings, "error", 0, { code: "E_REQUEST_INVALID", message });
  }
  let outcome: AttemptOutcome;
  try {
    outcome = await retry((attempt) => sendAttempt(settings, call, attempt, signal), {
      maxRetries: settings.maxRetries,
      signal,
      sleep: settings.sleep,
      random: settings.random,
      adviceForValue: (value) => adviceOfOutcome(settings, value),
      adviceForError: neverRetried,
    });
  } catch (error) {
    if (isAborted(signal)) return emptyResult(settings, "aborted", 0, ABORTED);
    const message = redactSecret(`Unexpected failure: ${toError(error).message}`, settings.secrets);
    return emptyResult(settings, "error", 0, { code: "E_INTERNAL", message });
  }
  // An abort during the backoff sleep hands back the failure before it: report it as aborted.
  if (isAborted(signal) && outcome.retryError !== undefined) return abortedAfter(settings, outcome);
  return redacted(outcome.result, settings.secrets);
}
