// The resolved settings one backend instance shares between its requests.
import type { Dispatcher } from "undici";
import type { AttemptLimits } from "./attempt-guard.js";
import type { GenerationDispatcher } from "./h1-pool.js";

export interface HttpSettings extends AttemptLimits {
  /** Model listing and loglikelihood scoring (undici). */
  dispatcher: Dispatcher;
  /** Generation requests: our HTTP/1.1 pool for a plain-HTTP server, else the same undici dispatcher. */
  generationDispatcher: GenerationDispatcher;
  baseUrl: string;
  /** `http://host:port` of baseUrl. */
  origin: string;
  /** baseUrl's path without a trailing slash, e.g. "/v1". */
  pathPrefix: string;
  /** baseUrl's query string, e.g. "?api-version=1", or "". */
  search: string;
  model: string;
  apiKey: string | undefined;
  streamHeaders: Record<string, string>;
  jsonHeaders: Record<string, string>;
  maxRetries: number;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}
