// What the backend needs of a connection pool: one exchange through undici's dispatch-handler calls, connections
// opened ahead of a load, and closing. Our HTTP/1.1 pool (plain HTTP) and undici (HTTPS, an injected dispatcher)
// both implement it; `create-http-transport.ts` picks one when the backend is created.
import type { Dispatcher } from "undici";

export interface TransportRequest {
  /** `http(s)://host:port`; undici's dispatchers use it, our pool knows its own. */
  origin?: string;
  path: string;
  method: "POST" | "GET";
  headers: Record<string, string>;
  /** Bytes, or text sent as UTF-8. */
  body: Buffer | string;
  /** undici's own timers are turned off (0): the caller enforces its limits. */
  headersTimeout?: number;
  bodyTimeout?: number;
}

export interface HttpTransport {
  /**
   * Starts one exchange. `handler` gets `onRequestStart` right before the request is written (the request's send
   * time; it may abort there), then `onResponseStart`/`onResponseData`/`onResponseEnd`, or `onResponseError` for
   * every failure (refused, reset, closed, aborted through the controller).
   */
  dispatch(request: TransportRequest, handler: Dispatcher.DispatchHandler): boolean;
  /**
   * Opens up to `count` connections before a load; resolves when each has connected or failed, or `signal` aborted
   * (never rejects). Our own pool's connects end within its connect limit and do not need the signal.
   */
  openConnections(count: number, signal?: AbortSignal): Promise<void>;
  /** Waits for the exchanges in flight, then closes the connections (an injected dispatcher stays open). */
  close(): Promise<void>;
}
