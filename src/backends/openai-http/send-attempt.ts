// One HTTP attempt of a generation through undici's dispatch-handler API: the status check, the body read chunk by
// chunk as undici parses it, time limits and cancellation. No response stream object, promise or async iterator per
// request or chunk (a bare loop: ~20 µs of client CPU a request this way against ~22 µs through `request`).
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import type { GenerationError, GenerationResult, GenerationStatus } from "../../core/generation.js";
import { type ApiCallError, StreamParseError } from "../../errors.js";
import { apiCallErrorFromResponse } from "./api-call-error-from-response.js";
import { AttemptGuard } from "./attempt-guard.js";
import { type BodyReader, ErrorBodyReader, JsonBodyReader, SseBodyReader } from "./body-readers.js";
import { connectionError } from "./connection-error.js";
import type { HttpSettings } from "./http-settings.js";
import { redactSecret } from "./redact-secret.js";
import { ResponseAccumulator } from "./response-accumulator.js";

export interface WireCall {
  path: string;
  /** The JSON body text (sent again as it is on a retry). */
  body: string;
  isStream: boolean;
  /** "POST /v1/chat/completions", for messages. */
  target: string;
}

/** The result this attempt gives if it is the last, and the error to retry on when another try may help. */
export interface AttemptOutcome {
  result: GenerationResult;
  retryError: ApiCallError | undefined;
}

export function toGenerationError(error: ApiCallError, apiKey: string | undefined): GenerationError {
  return {
    code: error.code,
    message: redactSecret(error.message, apiKey),
    ...(error.status === undefined ? {} : { httpStatus: error.status }),
  };
}

/** Sends one attempt; resolves (never rejects) when it has ended, been cut, timed out or been aborted. */
export function sendAttempt(
  settings: HttpSettings,
  call: WireCall,
  attempt: number,
  callerSignal: AbortSignal | undefined,
): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    new AttemptExchange(settings, call, attempt, callerSignal, resolve).start();
  });
}

interface ErrorStatus {
  statusCode: number;
  headers: IncomingHttpHeaders;
}

/** Why an attempt that ended early cut its request (undici reports it back to the handler, which ignores it). */
const CUT = new Error("The attempt has ended; the rest of the response is not read.");

/**
 * The handler undici calls for one attempt. It settles exactly once; whatever undici reports after that is ignored,
 * and a request that undici starts after the attempt has ended (it waited for a connection) is cut before it is
 * written.
 */
class AttemptExchange implements Dispatcher.DispatchHandler {
  readonly #settings: HttpSettings;
  readonly #call: WireCall;
  readonly #attempt: number;
  readonly #resolve: (outcome: AttemptOutcome) => void;
  readonly #accumulator = new ResponseAccumulator();
  readonly #calledMs: number;
  /** When undici wrote the request to its socket: it may hold it back a while for a free connection. */
  #sentMs: number | undefined;
  #controller: Dispatcher.DispatchController | undefined;
  #body: BodyReader | undefined;
  #errorStatus: ErrorStatus | undefined;
  #isSettled = false;
  readonly #guard: AttemptGuard;

  constructor(
    settings: HttpSettings,
    call: WireCall,
    attempt: number,
    callerSignal: AbortSignal | undefined,
    resolve: (outcome: AttemptOutcome) => void,
  ) {
    this.#settings = settings;
    this.#call = call;
    this.#attempt = attempt;
    this.#resolve = resolve;
    this.#calledMs = settings.now();
    this.#guard = new AttemptGuard(settings, callerSignal, this.#onGuardStop);
  }

  start(): void {
    this.#guard.stopIfCallerAborted();
    if (this.#isSettled) return;
    const settings = this.#settings;
    const call = this.#call;
    try {
      settings.generationDispatcher.dispatch(
        {
          origin: settings.origin,
          path: call.path,
          method: "POST",
          headers: call.isStream ? settings.streamHeaders : settings.jsonHeaders,
          body: call.body,
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        this,
      );
    } catch (error) {
      this.onResponseError(undefined, error);
    }
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    if (this.#isSettled) {
      controller.abort(CUT);
      return;
    }
    this.#controller = controller;
    this.#sentMs = this.#settings.now();
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    if (this.#isSettled) return;
    const settings = this.#settings;
    if (statusCode < 200 || statusCode > 299) {
      this.#errorStatus = { statusCode, headers };
      this.#body = new ErrorBodyReader();
    } else if (this.#call.isStream && !String(headers["content-type"] ?? "").includes("application/json")) {
      this.#body = new SseBodyReader(this.#accumulator, this.#guard, settings.now);
    } else {
      this.#body = new JsonBodyReader(this.#accumulator, this.#guard, settings.now);
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const body = this.#body;
    if (this.#isSettled || body === undefined) return;
    try {
      if (body.push(chunk)) return;
    } catch (error) {
      this.#settle(this.#readFailure(error));
      controller.abort(CUT);
      return;
    }
    this.#settle(this.#complete());
    controller.abort(CUT);
  }

  onResponseEnd(): void {
    if (this.#isSettled) return;
    try {
      this.#body?.end();
    } catch (error) {
      this.#settle(this.#readFailure(error));
      return;
    }
    this.#settle(this.#complete());
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: unknown): void {
    if (this.#isSettled) return;
    const transportError = connectionError(error, this.#call.target);
    if (this.#accumulator.hasFirstByte) {
      // Never retry once a successful response has started: its tokens were already generated.
      this.#settle(this.#finish("error", { code: "E_STREAM_INTERRUPTED", message: transportError.message }));
      return;
    }
    this.#settle(this.#failed(transportError));
  }

  /** A limit passed, the caller aborted, or a body ran on after `[DONE]`: end now and cut the request. */
  readonly #onGuardStop = (): void => {
    if (this.#isSettled) return;
    const guard = this.#guard;
    if (guard.isDrainCut) this.#settle(this.#complete());
    else this.#settle(this.#finish(guard.stopStatus ?? "aborted", guard.stopError));
    this.#controller?.abort(CUT);
  };

  /** The outcome of a body read to its end, or as far as it was wanted. */
  #complete(): AttemptOutcome {
    const errorStatus = this.#errorStatus;
    if (errorStatus !== undefined && this.#body instanceof ErrorBodyReader) {
      const error = apiCallErrorFromResponse({
        statusCode: errorStatus.statusCode,
        headers: errorStatus.headers,
        bodyText: this.#body.text,
        target: this.#call.target,
        apiKey: this.#settings.apiKey,
      });
      return this.#failed(error);
    }
    return this.#finish(this.#accumulator.streamError === undefined ? "ok" : "error");
  }

  #readFailure(error: unknown): AttemptOutcome {
    if (error instanceof StreamParseError)
      return this.#finish("error", { code: error.code, message: error.message });
    const message = `Reading the response failed: ${error instanceof Error ? error.message : String(error)}`;
    return this.#finish("error", { code: "E_INTERNAL", message });
  }

  #failed(error: ApiCallError): AttemptOutcome {
    return this.#finish(
      "error",
      toGenerationError(error, this.#settings.apiKey),
      error.isRetryable ? error : undefined,
    );
  }

  #finish(status: GenerationStatus, error?: GenerationError, retryError?: ApiCallError): AttemptOutcome {
    return {
      result: this.#accumulator.toResult({
        status,
        attempts: this.#attempt,
        sentMs: this.#sentMs ?? this.#calledMs,
        endMs: this.#settings.now(),
        error,
      }),
      retryError,
    };
  }

  #settle(outcome: AttemptOutcome): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    this.#guard.dispose();
    this.#resolve(outcome);
  }
}
