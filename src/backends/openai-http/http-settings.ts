// The resolved settings one backend instance shares between its requests.
import type { Dispatcher } from "undici";
import type { AttemptLimits } from "./attempt-guard.js";
import type { WireRequest } from "./build-request-body.js";
import type { GenerationDispatcher } from "./h1-pool.js";

type GenerationEndpoint = WireRequest["endpoint"];

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
  /** The path and "POST path" of each generation endpoint, made once (every request uses one of the two). */
  generationTargets: Readonly<Record<GenerationEndpoint, { path: string; target: string }>>;
  model: string;
  apiKey: string | undefined;
  streamHeaders: Record<string, string>;
  jsonHeaders: Record<string, string>;
  maxRetries: number;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}
