// A session's backends and model: list the models, resolve the one asked for, hand out backends, close them after.
import type { Backend } from "../core/generation.js";
import { resolveModel } from "./resolve-model.js";

export interface ConnectOptions {
  /** A backend the caller owns: used for everything and never closed here. */
  injected: Backend | undefined;
  /** Makes the backend that lists the models (its requests name `requested`, or no model yet). */
  createListing: () => Backend;
  requested: string | undefined;
  baseUrl: string;
  signal?: AbortSignal | undefined;
  onWarning?: ((message: string) => void) | undefined;
}

export interface Connection {
  readonly model: string;
  /** The backend the models were listed with. */
  readonly listing: Backend;
  /** True when the caller passed the backend in. */
  readonly isInjected: boolean;
  /**
   * The backend to send requests with: the injected one, or `make()`'s (made once per call and closed with the
   * connection). Made after the model is known, so that its requests name it and its pool fits the load.
   */
  sendingBackend(make: () => Backend): Backend;
}

export async function withConnection<T>(
  options: ConnectOptions,
  body: (connection: Connection) => Promise<T>,
): Promise<T> {
  const { injected } = options;
  const listing = injected ?? options.createListing();
  const made: Backend[] = injected === undefined ? [listing] : [];
  try {
    const model = await resolveModel(listing, {
      requested: options.requested,
      baseUrl: options.baseUrl,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
    });
    return await body({
      model,
      listing,
      isInjected: injected !== undefined,
      sendingBackend(make) {
        if (injected !== undefined) return injected;
        const backend = make();
        if (!made.includes(backend)) made.push(backend);
        return backend;
      },
    });
  } finally {
    for (const backend of made) await backend.close();
  }
}
