// One HTTP attempt of a generation through undici's dispatch-handler API: the status check, the body read chunk by
// chunk as undici parses it, time limits and cancellation. No response stream object, promise or async iterator per
// request or chunk (a bare loop: ~20 µs of client CPU a request this way against ~22 µs through `request`).
import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import type { AnomalyClass } from "../../core/fault-classes.js";
import type { GenerationError, GenerationResult, GenerationStatus } from "../../core/generation.js";
import { ApiCallError, isRetryableStatus, StreamParseError } from "../../errors.js";
import { apiCallErrorFromResponse } from "./api-call-error-from-response.js";
import { type AttemptFailure, attemptFaultClass } from "./attempt-fault.js";
import { AttemptGuard } from "./attempt-guard.js";
import {
  type BodyReader,
  JsonBodyReader,
  ShapeSniffingBodyReader,
  SseBodyReader,
  TextBodyReader,
} from "./body-readers.js";
import { connectionError } from "./connection-error.js";
import type { HttpSettings } from "./http-settings.js";
import { protocolError } from "./protocol-error.js";
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

/**
 * The result this attempt gives if it is the last (a failure's class in `result.error.fault`), the error to retry
 * on when another try may help, and the anomalies of an answer that was accepted.
 */
export interface AttemptOutcome {
  result: GenerationResult;
  retryError: ApiCallError | undefined;
  anomalies: readonly AnomalyClass[];
}

export function toGenerationError(error: ApiCallError, secrets: readonly string[]): GenerationError {
  return {
    code: error.code,
    message: redactSecret(error.message, secrets),
    ...(error.status === undefined ? {} : { httpStatus: error.status }),
  };
}

const NO_ANOMALIES: readonly AnomalyClass[] = [];

/** The body reader of a 2xx answer, by its content type; one that names neither SSE nor JSON is read by shape. */
function answerReader(
  contentType: string,
  isStream: boolean,
  make: { sse: () => BodyReader; json: () => BodyReader; sniff: () => BodyReader },
): BodyReader {
  if (contentType.includes("text/event-stream")) return isStream ? make.sse() : make.json();
  if (contentType.includes("json")) return make.json();
  // A web page (a UI, a proxy's error page): kept as text to say so, never read as an answer.
  if (contentType.includes("text/html")) return new TextBodyReader();
  return make.sniff();
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
  #statusCode = 0;
  #headers: IncomingHttpHeaders | undefined;
  #isSettled = false;
  /** Raw body bytes received, against `maxResponseBytes`. */
  #byteCount = 0;
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
      settings.transport.dispatch(
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
    this.#statusCode = statusCode;
    this.#headers = headers;
    if (statusCode < 200 || statusCode > 299) {
      this.#body = new TextBodyReader();
      return;
    }
    const accumulator = this.#accumulator;
    const guard = this.#guard;
    this.#body = answerReader(String(headers["content-type"] ?? "").toLowerCase(), this.#call.isStream, {
      sse: () => new SseBodyReader(accumulator, guard, settings.now),
      json: () => new JsonBodyReader(accumulator, guard, settings.now),
      sniff: () => new ShapeSniffingBodyReader(accumulator, guard, settings.now, this.#call.isStream),
    });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    const body = this.#body;
    if (this.#isSettled || body === undefined) return;
    this.#byteCount += chunk.byteLength;
    if (this.#byteCount > this.#settings.maxResponseBytes) {
      const message =
        `${this.#call.target}: the response passed ${this.#settings.maxResponseBytes} bytes ` +
        "(--max-response-bytes); the connection was cut.";
      this.#settle(this.#retryable({ type: "too-large" }, { code: "E_RESPONSE_TOO_LARGE", message }));
      controller.abort(CUT);
      return;
    }
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
    const hasFirstByte = this.#accumulator.hasFirstByte;
    const fault: AttemptFailure = { type: "transport", error, hasFirstByte };
    if (hasFirstByte) {
      // The answer had begun: the sample restarts from scratch when retries are allowed.
      const message = transportError.message;
      this.#settle(this.#retryable(fault, { code: "E_STREAM_INTERRUPTED", message }));
      return;
    }
    this.#settle(this.#failed(transportError, fault));
  }

  /** A limit passed, the caller aborted, or a body ran on after `[DONE]`: end now and cut the request. */
  readonly #onGuardStop = (): void => {
    if (this.#isSettled) return;
    const guard = this.#guard;
    const kind = guard.timeoutKind;
    if (guard.isDrainCut) this.#settle(this.#complete());
    else if (guard.stopStatus === "timeout" && kind !== undefined && guard.stopError !== undefined) {
      this.#settle(this.#retryable({ type: "timeout", limit: kind }, guard.stopError, "timeout"));
    } else this.#settle(this.#finish(guard.stopStatus ?? "aborted", guard.stopError));
    this.#controller?.abort(CUT);
  };

  /** The outcome of a body read to its end, or as far as it was wanted. */
  #complete(): AttemptOutcome {
    const body = this.#body;
    const statusCode = this.#statusCode;
    if (statusCode < 200 || statusCode > 299) {
      const error = apiCallErrorFromResponse({
        statusCode,
        headers: this.#headers ?? {},
        bodyText: body instanceof TextBodyReader ? body.text : "",
        target: this.#call.target,
        apiKey: this.#settings.apiKey,
        secrets: this.#settings.secrets,
        versionHint: this.#settings.versionHint,
      });
      return this.#failed(error, { type: "http-status", statusCode });
    }
    const accumulator = this.#accumulator;
    const streamError = accumulator.streamError;
    if (streamError !== undefined) {
      // An error the server names as a client error (vLLM: `"code": 400`) would come again: not retried, as the
      // same status before the answer would not be (408/409/429/5xx are).
      const status = streamError.httpStatus;
      if (status !== undefined && !isRetryableStatus(status))
        return this.#finish("error", { ...streamError, fault: attemptFaultClass({ type: "stream-error" }) });
      return this.#retryable({ type: "stream-error" }, streamError);
    }
    if (!accumulator.hasChoice) {
      const what = body === undefined ? "an empty body" : body.describe(this.#headers?.["content-type"]);
      const fault: AttemptFailure = { type: "no-answer", byteCount: this.#byteCount };
      return this.#failed(this.#protocolError(what, undefined), fault);
    }
    const sse = body instanceof ShapeSniffingBodyReader ? body.inner : body;
    const anomalies: AnomalyClass[] = [];
    if (body instanceof ShapeSniffingBodyReader) anomalies.push("wrong_content_type");
    if (sse instanceof SseBodyReader && !sse.hasDone) {
      if (!accumulator.hasFinishReason) {
        const message = `${this.#call.target}: the stream ended without a finish_reason and without [DONE].`;
        return this.#retryable({ type: "incomplete-stream" }, { code: "E_STREAM_INCOMPLETE", message });
      }
      // The answer is complete (it has its finish_reason): accepted, the missing [DONE] counted.
      anomalies.push("missing_done");
    }
    return { ...this.#finish("ok"), anomalies };
  }

  #readFailure(error: unknown): AttemptOutcome {
    if (error instanceof StreamParseError) {
      const fault: AttemptFailure = { type: "malformed-stream" };
      // Nothing of an answer came before the bad data: the server does not speak the protocol (or not yet).
      if (!this.#accumulator.hasChoice)
        return this.#failed(this.#protocolError(`an event stream (${error.message})`, error), fault);
      return this.#retryable(fault, { code: error.code, message: error.message });
    }
    const message = `Reading the response failed: ${error instanceof Error ? error.message : String(error)}`;
    return this.#finish("error", { code: "E_INTERNAL", message });
  }

  /** E_PROTOCOL for a 2xx response that is not an OpenAI answer; retried like a server error. */
  #protocolError(what: string, cause: unknown): ApiCallError {
    return protocolError({
      target: this.#call.target,
      statusCode: this.#statusCode,
      what,
      versionHint: this.#settings.versionHint,
      cause,
    });
  }

  /** A failure that came as an ApiCallError (an HTTP status, a connection error, a protocol error). */
  #failed(error: ApiCallError, fault: AttemptFailure): AttemptOutcome {
    const generationError = {
      ...toGenerationError(error, this.#settings.secrets),
      fault: attemptFaultClass(fault),
    };
    return this.#finish("error", generationError, error.isRetryable ? error : undefined);
  }

  /** A failure after a 2xx answer began (or a time limit): another try from scratch may get the whole answer. */
  #retryable(
    fault: AttemptFailure,
    error: GenerationError,
    status: Extract<GenerationStatus, "error" | "timeout"> = "error",
  ): AttemptOutcome {
    const retryError = new ApiCallError(error.message, { code: error.code, isRetryable: true });
    return this.#finish(status, { ...error, fault: attemptFaultClass(fault) }, retryError);
  }

  #finish(status: GenerationStatus, error?: GenerationError, retryError?: ApiCallError): AttemptOutcome {
    return {
      anomalies: NO_ANOMALIES,
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
