// One whole (non-streamed) JSON exchange with the server through the backend's transport (model listing,
// loglikelihood scoring): time limit, error statuses as ApiCallError, an answer that is not JSON as E_PROTOCOL, and a
// connection failure as ServerUnreachableError.

import type { IncomingHttpHeaders } from "node:http";
import type { Dispatcher } from "undici";
import { redactUrl } from "../../core/url-secrets.js";
import { type ApiCallError, RequestTimeoutError, ServerUnreachableError, toError } from "../../errors.js";
import { apiCallErrorFromResponse } from "./api-call-error-from-response.js";
import type { HttpSettings } from "./http-settings.js";
import { describeBody, protocolError } from "./protocol-error.js";
import { redactSecret } from "./redact-secret.js";
import { refusedCertificate } from "./refused-certificate.js";

export interface JsonRequest {
  method: "GET" | "POST";
  /** The path under the base URL, e.g. `/models`. */
  endpoint: string;
  body?: string;
  /** The rest of a longer body is not read. */
  maxBytes: number;
  signal: AbortSignal | undefined;
}

export interface JsonResponse {
  json: unknown;
  bodyText: string;
  statusCode: number;
  /** `METHOD path`, for messages. */
  target: string;
}

interface WholeResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  bodyText: string;
}

export async function requestJson(settings: HttpSettings, request: JsonRequest): Promise<JsonResponse> {
  const path = `${settings.pathPrefix}${request.endpoint}${settings.search}`;
  const target = `${request.method} ${settings.pathPrefix}${request.endpoint}${redactUrl(settings.search)}`;
  const timeoutSignal = AbortSignal.timeout(settings.timeoutMs);
  const { signal } = request;
  const combined = signal === undefined ? timeoutSignal : AbortSignal.any([signal, timeoutSignal]);
  let response: WholeResponse;
  try {
    response = await new Promise<WholeResponse>((resolve, reject) => {
      const exchange = new WholeExchange(request.maxBytes, combined, resolve, reject);
      settings.transport.dispatch(
        {
          origin: settings.origin,
          path,
          method: request.method,
          headers: settings.jsonHeaders,
          body: request.body ?? "",
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        exchange,
      );
    });
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason;
    if (timeoutSignal.aborted) {
      throw new RequestTimeoutError(`${target} took longer than ${settings.timeoutMs} ms.`, { cause: error });
    }
    const advice = refusedCertificate(error)?.advice;
    const cause =
      advice === undefined ? error : new Error(`${toError(error).message}; ${advice}`, { cause: error });
    throw new ServerUnreachableError(settings.baseUrl, { cause });
  }
  const { statusCode, headers, bodyText } = response;
  if (statusCode < 200 || statusCode > 299) {
    throw apiCallErrorFromResponse({
      statusCode,
      headers,
      bodyText,
      target,
      apiKey: settings.apiKey,
      secrets: settings.secrets,
      versionHint: settings.versionHint,
    });
  }
  try {
    return { json: JSON.parse(bodyText), bodyText, statusCode, target };
  } catch (error) {
    throw notJson(settings, target, response, error);
  }
}

function notJson(
  settings: HttpSettings,
  target: string,
  response: WholeResponse,
  cause: unknown,
): ApiCallError {
  return protocolError({
    target,
    statusCode: response.statusCode,
    what: describeBody(
      response.headers["content-type"],
      redactSecret(response.bodyText, settings.secrets),
      " that is not JSON",
    ),
    versionHint: settings.versionHint,
    isRetryable: false,
    cause,
  });
}

/** The handler of one whole exchange: the body kept as text up to `maxBytes`, settled once. */
class WholeExchange implements Dispatcher.DispatchHandler {
  readonly #maxBytes: number;
  readonly #signal: AbortSignal;
  readonly #resolve: (response: WholeResponse) => void;
  readonly #reject: (error: unknown) => void;
  readonly #chunks: Buffer[] = [];
  #byteCount = 0;
  #statusCode = 0;
  #headers: IncomingHttpHeaders = {};
  #controller: Dispatcher.DispatchController | undefined;
  #isSettled = false;
  readonly #onAbort = (): void => {
    const reason = this.#signal.reason instanceof Error ? this.#signal.reason : new Error("aborted");
    this.#controller?.abort(reason);
    this.#settle(reason);
  };

  constructor(
    maxBytes: number,
    signal: AbortSignal,
    resolve: (response: WholeResponse) => void,
    reject: (error: unknown) => void,
  ) {
    this.#maxBytes = maxBytes;
    this.#signal = signal;
    this.#resolve = resolve;
    this.#reject = reject;
    if (signal.aborted) this.#onAbort();
    else signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#isSettled) controller.abort(new Error("The request has ended."));
  }

  onResponseStart(
    _controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ) {
    this.#statusCode = statusCode;
    this.#headers = headers;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#isSettled) return;
    this.#chunks.push(chunk);
    this.#byteCount += chunk.byteLength;
    if (this.#byteCount < this.#maxBytes) return;
    this.#settle(undefined);
    controller.abort(new Error("The rest of the response is not read."));
  }

  onResponseEnd(): void {
    this.#settle(undefined);
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, error: unknown): void {
    this.#settle(error ?? new Error("The request failed."));
  }

  /** Resolves with what came (`failure` undefined), or rejects with `failure`. */
  #settle(failure: unknown): void {
    if (this.#isSettled) return;
    this.#isSettled = true;
    this.#signal.removeEventListener("abort", this.#onAbort);
    if (failure !== undefined) {
      this.#reject(failure);
      return;
    }
    const bodyText = Buffer.concat(this.#chunks).toString("utf8");
    this.#resolve({ statusCode: this.#statusCode, headers: this.#headers, bodyText });
  }
}
