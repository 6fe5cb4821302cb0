// Backend#generate for OpenAI-compatible servers: builds the call, retries what is worth retrying, never throws.
import type { GenerationRequest, GenerationResult } from "../../core/generation.js";
import { toError } from "../../errors.js";
import { backoffDelay } from "./backoff-delay.js";
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

/**
 * Retries connection errors and 408/409/429/5xx that came before any body byte of a successful response, waiting
 * for `retry-after-ms` / `retry-after` (0–60 s) or else the backoff. Timings are those of the last attempt.
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
  for (let attempt = 1; ; attempt++) {
    if (isAborted(signal)) return emptyResult(settings, "aborted", attempt - 1, ABORTED);
    let outcome: AttemptOutcome;
    try {
      outcome = await sendAttempt(settings, call, attempt, signal);
    } catch (error) {
      const message = redactSecret(`Unexpected failure: ${toError(error).message}`, settings.apiKey);
      return emptyResult(settings, "error", attempt, { code: "E_INTERNAL", message });
    }
    const { retryError } = outcome;
    if (retryError === undefined || attempt > settings.maxRetries)
      return redacted(outcome.result, settings.apiKey);
    const delayMs = retryError.retryAfterMs ?? backoffDelay(attempt - 1, settings.random);
    try {
      await settings.sleep(delayMs, signal);
    } catch (error) {
      if (isAborted(signal)) return abortedAfter(settings, outcome);
      const message = `Backoff sleep failed: ${toError(error).message}`;
      return redacted({ ...outcome.result, error: { code: "E_INTERNAL", message } }, settings.apiKey);
    }
    if (isAborted(signal)) return abortedAfter(settings, outcome);
  }
}
