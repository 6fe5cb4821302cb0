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
function redacted(result: GenerationResult, apiKey: string | undefined): GenerationResult {
  if (result.error === undefined || apiKey === undefined) return result;
  return { ...result, error: { ...result.error, message: redactSecret(result.error.message, apiKey) } };
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

/** The retry advice of an attempt: its retryable ApiCallError (set only before the first body byte), if any. */
function adviceOfOutcome(outcome: AttemptOutcome): ApiCallError | undefined {
  return outcome.retryError;
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
  let last: AttemptOutcome | undefined;
  try {
    const outcome = await retry(
      async (attempt) => {
        last = await sendOneAttempt(settings, call, attempt, signal);
        return last;
      },
      {
        maxRetries: settings.maxRetries,
        signal,
        sleep: settings.sleep,
        random: settings.random,
        adviceForValue: adviceOfOutcome,
      },
    );
    return redacted(outcome.result, settings.apiKey);
  } catch (error) {
    // `retry` rejects only for an abort (before or between attempts) or a backoff sleep that failed.
    if (isAborted(signal)) {
      return last === undefined ? emptyResult(settings, "aborted", 0, ABORTED) : abortedAfter(settings, last);
    }
    const message = `Backoff sleep failed: ${toError(error).message}`;
    if (last === undefined) return emptyResult(settings, "error", 0, { code: "E_INTERNAL", message });
    return redacted({ ...last.result, error: { code: "E_INTERNAL", message } }, settings.apiKey);
  }
}

/** `sendAttempt`, with a failure it should never have thrown turned into a final error result. */
async function sendOneAttempt(
  settings: HttpSettings,
  call: WireCall,
  attempt: number,
  signal: AbortSignal | undefined,
): Promise<AttemptOutcome> {
  try {
    return await sendAttempt(settings, call, attempt, signal);
  } catch (error) {
    const message = redactSecret(`Unexpected failure: ${toError(error).message}`, settings.apiKey);
    return {
      result: emptyResult(settings, "error", attempt, { code: "E_INTERNAL", message }),
      retryError: undefined,
    };
  }
}
