// Backend#generate for OpenAI-compatible servers: builds the call, retries what is worth retrying, never throws.
import { isConnectionErrorCode } from "../../core/connection-error-codes.js";
import { addFaultCounts, type FaultCounts } from "../../core/fault-classes.js";
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
 * The retry advice of an attempt: its retryable ApiCallError, if any; none for a connection error (or a stream cut
 * off) of a replica, which hands those to the next replica.
 */
function adviceOfOutcome(settings: HttpSettings, outcome: AttemptOutcome): ApiCallError | undefined {
  const error = outcome.retryError;
  if (isConnectionErrorCode(error?.code) && !settings.isConnectionErrorRetried) return undefined;
  return error;
}

/** Counts an attempt's fault class and anomalies into `faults`. */
function countFaults(faults: FaultCounts, outcome: AttemptOutcome): void {
  const fault = outcome.result.error?.fault;
  if (fault !== undefined) faults[fault] = (faults[fault] ?? 0) + 1;
  for (const anomaly of outcome.anomalies) faults[anomaly] = (faults[anomaly] ?? 0) + 1;
}

/** The result with the faults of all its attempts; `faults` absent when none. */
function withFaults(result: GenerationResult, faults: FaultCounts): GenerationResult {
  if (Object.keys(faults).length === 0) return result;
  const all: FaultCounts = {};
  addFaultCounts(all, result.faults);
  addFaultCounts(all, faults);
  return { ...result, faults: all };
}

/** `sendAttempt` resolves with every failure as data; anything it throws is a bug, never retried. */
function neverRetried(): undefined {
  return undefined;
}

/**
 * Sends the call through `retry` (src/net/): connection errors and 408/409/429/5xx (or `x-should-retry: true`)
 * before an answer, answers that are not OpenAI's, and failures after a 2xx answer began (a reset, a time limit,
 * a malformed chunk, an error event, a stream ended without its finish, a body over `maxResponseBytes`) are tried
 * again from scratch — the partial answer dropped — after `retry-after-ms` / `retry-after` (0–60 s) or else the
 * backoff. Timings are those of the last attempt; `faults` counts every attempt's fault class and anomaly. Never
 * throws: an abort, before or between attempts, becomes an `aborted` result.
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
  const faults: FaultCounts = {};
  const countedAttempt = async (attempt: number): Promise<AttemptOutcome> => {
    const sent = await sendAttempt(settings, call, attempt, signal);
    countFaults(faults, sent);
    return sent;
  };
  try {
    outcome = await retry(countedAttempt, {
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
  if (isAborted(signal) && outcome.retryError !== undefined) {
    return withFaults(abortedAfter(settings, outcome), faults);
  }
  return withFaults(redacted(outcome.result, settings.secrets), faults);
}
