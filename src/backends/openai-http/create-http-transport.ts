// Picks a backend's HttpTransport once, when the backend is created: our HTTP/1.1 pool for a plain-HTTP server
// (the measured fast path, docs/PERFORMANCE.md), undici for an HTTPS server or an injected dispatcher.
import type { Dispatcher } from "undici";
import { H1Pool } from "./h1-pool.js";
import type { HttpTransport } from "./http-transport.js";
import { UndiciTransport } from "./undici-transport.js";

export interface HttpTransportOptions {
  /** The base URL's origin, e.g. `https://host:8443`. */
  origin: string;
  connections: number;
  dispatcher?: Dispatcher | undefined;
  /** PEM certificates trusted besides Node's bundled roots (HTTPS only). */
  caCertificates?: readonly string[] | undefined;
  /** What undici sends, concurrently, to open connections ahead of a load (our own pool just connects). */
  warmUpRequest: { path: string; headers: Record<string, string> };
}

export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  if (options.dispatcher === undefined && options.origin.startsWith("http:")) {
    return new H1Pool({ origin: options.origin, connections: options.connections });
  }
  return new UndiciTransport(options);
}
