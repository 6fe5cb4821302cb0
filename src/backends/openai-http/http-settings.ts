// The resolved settings one backend instance shares between its requests.
import type { AttemptLimits } from "./attempt-guard.js";
import type { WireRequest } from "./build-request-body.js";
import type { HttpTransport } from "./http-transport.js";

type GenerationEndpoint = WireRequest["endpoint"];

export interface HttpSettings extends AttemptLimits {
  /** Every request: our HTTP/1.1 pool for a plain-HTTP server, undici for HTTPS or an injected dispatcher. */
  transport: HttpTransport;
  /** The base URL as messages show it: its keys (`user:KEY@`, `?api_key=KEY`) replaced by `***`. */
  baseUrl: string;
  /** `http://host:port` of baseUrl. */
  origin: string;
  /** baseUrl's path without a trailing slash, e.g. "/v1". */
  pathPrefix: string;
  /** baseUrl's query string, e.g. "?api-version=1", or "". */
  search: string;
  /** The path and "POST path" of each generation endpoint, made once (every request uses one of the two). */
  generationTargets: Readonly<Record<GenerationEndpoint, { path: string; target: string }>>;
  /**
   * Said when a base URL without a version segment gets a 404 or an answer that is not OpenAI's, e.g.
   * "OpenAI-compatible APIs live under /v1; try --base-url http://h:8000/v1"; undefined when it has one.
   */
  versionHint: string | undefined;
  model: string;
  apiKey: string | undefined;
  /** The API key and the keys inside the base URL: redacted from every message the backend gives. */
  secrets: readonly string[];
  streamHeaders: Record<string, string>;
  jsonHeaders: Record<string, string>;
  maxRetries: number;
  /** The raw bytes one response body may have (`--max-response-bytes`); beyond it the attempt fails and is cut. */
  maxResponseBytes: number;
  /** False for one replica of several: a connection error comes back at once, for another replica to retry. */
  isConnectionErrorRetried: boolean;
  now: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}
