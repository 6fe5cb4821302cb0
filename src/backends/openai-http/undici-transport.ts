// The HttpTransport over an undici dispatcher: an own Pool for an HTTPS server, or a dispatcher the caller injected
// (a MockAgent, a proxy agent). Exchanges go straight to its `dispatch`, with the same handler as our own pool.
import { createSecureContext, rootCertificates } from "node:tls";
import { type Dispatcher, Pool } from "undici";
import type { HttpTransport, TransportRequest } from "./http-transport.js";

export interface UndiciTransportOptions {
  /** `https://host:port` (or `http://…` with an injected dispatcher). */
  origin: string;
  /** Most connections of the own Pool. */
  connections: number;
  /** Used instead of an own Pool; `close()` leaves it open. */
  dispatcher?: Dispatcher | undefined;
  /** PEM certificates trusted besides Node's bundled roots (a self-signed server's own certificate, a private CA). */
  caCertificates?: readonly string[] | undefined;
  /** The cheap request whose concurrent copies make the pool open connections ahead of a load (GET /models). */
  warmUpRequest: { path: string; headers: Record<string, string> };
}

export class UndiciTransport implements HttpTransport {
  readonly #dispatcher: Dispatcher;
  readonly #isOwnDispatcher: boolean;
  readonly #warmUpRequest: TransportRequest;

  constructor(options: UndiciTransportOptions) {
    this.#isOwnDispatcher = options.dispatcher === undefined;
    const ca = options.caCertificates;
    // One secure context for every connection: given `ca` instead, each TLS connect would parse the ~140 root
    // certificates again (tens of ms of CPU, measured here as a stalled event loop).
    const secureContext =
      ca === undefined || ca.length === 0
        ? undefined
        : createSecureContext({ ca: [...rootCertificates, ...ca] });
    // Our own timers enforce the limits, so undici's 300 s header and body timeouts are turned off.
    this.#dispatcher =
      options.dispatcher ??
      new Pool(options.origin, {
        connections: options.connections,
        headersTimeout: 0,
        bodyTimeout: 0,
        ...(secureContext === undefined ? {} : { connect: { secureContext } }),
      });
    this.#warmUpRequest = {
      origin: options.origin,
      method: "GET",
      path: options.warmUpRequest.path,
      headers: options.warmUpRequest.headers,
      body: "",
    };
  }

  dispatch(request: TransportRequest, handler: Dispatcher.DispatchHandler): boolean {
    return this.#dispatcher.dispatch(request, handler);
  }

  /**
   * undici opens a connection per concurrent request: as many concurrent GET /models, their answers dropped, each
   * given up after the connect limit or when `signal` aborts. undici reuses a connection only a turn of the event
   * loop after its answer (client-h1.js, `setImmediate(client[kResume])`): resolving after that turn keeps the first
   * requests of the load from opening connections of their own.
   */
  openConnections(count: number, signal?: AbortSignal): Promise<void> {
    const exchanges: Promise<void>[] = [];
    for (let index = 0; index < count; index++) {
      exchanges.push(
        new Promise((resolve) => {
          const exchange = new WarmUpExchange(resolve, signal);
          try {
            this.#dispatcher.dispatch(this.#warmUpRequest, exchange);
          } catch {
            exchange.onResponseError();
          }
        }),
      );
    }
    return Promise.all(exchanges).then(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }

  async close(): Promise<void> {
    if (this.#isOwnDispatcher) await this.#dispatcher.close();
  }
}

/** How long one warm-up request may take (as long as our own pool waits for a connect). */
const WARM_UP_LIMIT_MS = 10_000;

/** One warm-up request: its answer is dropped; it ends (resolves) once, at its end, an error, the limit or an abort. */
class WarmUpExchange implements Dispatcher.DispatchHandler {
  readonly #resolve: () => void;
  readonly #signal: AbortSignal;
  #controller: Dispatcher.DispatchController | undefined;
  #isDone = false;
  readonly #onAbort = (): void => {
    this.#controller?.abort(new Error("The warm-up request was given up."));
    this.#end();
  };

  constructor(resolve: () => void, signal: AbortSignal | undefined) {
    this.#resolve = resolve;
    const limit = AbortSignal.timeout(WARM_UP_LIMIT_MS);
    this.#signal = signal === undefined ? limit : AbortSignal.any([signal, limit]);
    if (this.#signal.aborted) this.#end();
    else this.#signal.addEventListener("abort", this.#onAbort, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    if (this.#isDone) controller.abort(new Error("The warm-up request was given up."));
  }

  onResponseEnd(): void {
    this.#end();
  }

  onResponseError(): void {
    this.#end();
  }

  #end(): void {
    if (this.#isDone) return;
    this.#isDone = true;
    this.#signal.removeEventListener("abort", this.#onAbort);
    this.#resolve();
  }
}
