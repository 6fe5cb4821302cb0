// The Backend for OpenAI-compatible HTTP servers (vLLM, SGLang, llama.cpp, TGI, Ollama, OpenAI) over an undici Pool.
import { setTimeout as sleepFor } from "node:timers/promises";
import { type Dispatcher, Pool } from "undici";
import type { Backend } from "../../core/generation.js";
import { ConfigError } from "../../errors.js";
import type { LoglikelihoodScorer } from "../local-llama/loglikelihood-types.js";
import { generateWithRetries } from "./generate-with-retries.js";
import { type GenerationDispatcher, H1Pool } from "./h1-pool.js";
import type { HttpSettings } from "./http-settings.js";
import { listModels } from "./list-models.js";
import { scoreLoglikelihood } from "./score-loglikelihood.js";

export interface OpenAiHttpBackendOptions {
  /** e.g. `http://127.0.0.1:8000/v1`; requests go to `${baseUrl}/chat/completions`, `/completions`, `/models`. */
  baseUrl: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; never written into an error message. */
  apiKey?: string | undefined;
  /** Pool size (default 64); give at least the concurrency. */
  connections?: number | undefined;
  /** Retries after the first try (default 2). */
  maxRetries?: number | undefined;
  /** Limit on the whole of one attempt (default 600 000 ms). */
  timeoutMs?: number | undefined;
  /** Limit from sending to the first body byte (default: none). */
  firstChunkTimeoutMs?: number | undefined;
  /** Limit on the gap between two body chunks (default: none). */
  idleTimeoutMs?: number | undefined;
  /** Clock of every timing (default `performance.now()`). */
  now?: (() => number) | undefined;
  /** Backoff sleep; must reject when `signal` aborts (default `node:timers/promises` setTimeout). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Jitter source in [0, 1) (default `Math.random`). */
  random?: (() => number) | undefined;
  /** Used instead of the backend's own Pool (e.g. a MockAgent); `close()` leaves it open. */
  dispatcher?: Dispatcher | undefined;
  extraHeaders?: Record<string, string> | undefined;
}

const DEFAULT_CONNECTIONS = 64;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 600_000;

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return sleepFor(ms, undefined, signal === undefined ? undefined : { signal });
}

function parseBaseUrl(baseUrl: string): URL {
  try {
    const url = new URL(baseUrl);
    if (url.protocol === "http:" || url.protocol === "https:") return url;
  } catch {
    // reported below
  }
  throw new ConfigError(
    `Invalid base URL "${baseUrl}": expected http(s)://host[:port][/path], e.g. http://localhost:8000/v1.`,
  );
}

function buildHeaders(options: OpenAiHttpBackendOptions, accept: string): Record<string, string> {
  const hasKey = options.apiKey !== undefined && options.apiKey !== "";
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept,
    ...(hasKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  };
  for (const [name, value] of Object.entries(options.extraHeaders ?? {})) headers[name.toLowerCase()] = value;
  return headers;
}

export function createOpenAiHttpBackend(
  options: OpenAiHttpBackendOptions,
): Backend & Pick<LoglikelihoodScorer, "loglikelihood"> {
  const url = parseBaseUrl(options.baseUrl);
  const connections = options.connections ?? DEFAULT_CONNECTIONS;
  // Our own timers enforce the limits, so undici's 300 s header and body timeouts are turned off.
  const dispatcher: Dispatcher =
    options.dispatcher ?? new Pool(url.origin, { connections, headersTimeout: 0, bodyTimeout: 0 });
  const isOwnDispatcher = options.dispatcher === undefined;
  // Generation requests to a plain-HTTP server go through our own HTTP/1.1 pool (see h1-pool.ts); HTTPS, an
  // injected dispatcher and everything else through undici.
  const h1Pool =
    isOwnDispatcher && url.protocol === "http:" ? new H1Pool({ origin: url.origin, connections }) : undefined;
  const generationDispatcher: GenerationDispatcher = h1Pool ?? dispatcher;
  const pathPrefix = url.pathname.replace(/\/+$/, "");
  const generationTarget = (endpoint: string) => {
    const path = `${pathPrefix}${endpoint}${url.search}`;
    return { path, target: `POST ${path}` };
  };
  const settings: HttpSettings = {
    dispatcher,
    generationDispatcher,
    baseUrl: options.baseUrl,
    origin: url.origin,
    pathPrefix,
    search: url.search,
    generationTargets: {
      "/chat/completions": generationTarget("/chat/completions"),
      "/completions": generationTarget("/completions"),
    },
    model: options.model,
    apiKey: options.apiKey === "" ? undefined : options.apiKey,
    streamHeaders: buildHeaders(options, "text/event-stream"),
    jsonHeaders: buildHeaders(options, "application/json"),
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    firstChunkTimeoutMs: options.firstChunkTimeoutMs,
    idleTimeoutMs: options.idleTimeoutMs,
    now: options.now ?? (() => performance.now()),
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
  };
  return {
    name: "openai-http",
    generate: (request, generateOptions) => generateWithRetries(settings, request, generateOptions?.signal),
    listModels: (listOptions) => listModels(settings, listOptions?.signal),
    /**
     * The H1 pool connects `count` sockets; through undici, as many concurrent model listings (GET /models, the one
     * cheap request every OpenAI-compatible server answers) make its pool open one connection each.
     */
    openConnections: async (count, openOptions) => {
      if (h1Pool !== undefined) {
        await h1Pool.openConnections(count);
        return;
      }
      const listings: Promise<unknown>[] = [];
      for (let index = 0; index < count; index++) {
        listings.push(listModels(settings, openOptions?.signal).catch(() => undefined));
      }
      await Promise.all(listings);
    },
    /** `--scoring loglikelihood`: `echo: true, logprobs: 1, max_tokens: 0` completions, one per continuation. */
    loglikelihood: (request, scoreOptions) => scoreLoglikelihood(settings, request, scoreOptions?.signal),
    close: async () => {
      if (isOwnDispatcher) await Promise.all([dispatcher.close(), h1Pool?.close()]);
    },
  };
}
