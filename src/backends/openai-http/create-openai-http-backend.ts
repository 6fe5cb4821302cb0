// The Backend for OpenAI-compatible HTTP servers (vLLM, SGLang, llama.cpp, TGI, Ollama, OpenAI) over one
// HttpTransport: our HTTP/1.1 pool for http://, undici for https:// or an injected dispatcher.

import { setTimeout as sleepFor } from "node:timers/promises";
import type { Dispatcher } from "undici";
import type { Backend } from "../../core/generation.js";
import type { LoglikelihoodScorer } from "../../core/loglikelihood.js";
import { replicaUrls } from "../../core/replica-urls.js";
import { redactUrl, urlSecrets } from "../../core/url-secrets.js";
import { ConfigError } from "../../errors.js";
import { createReplicaBackend } from "../replicas/create-replica-backend.js";
import { createHttpTransport } from "./create-http-transport.js";
import { createHttpDetokenizer } from "./detokenize-text.js";
import { generateWithRetries } from "./generate-with-retries.js";
import type { HttpSettings } from "./http-settings.js";
import { listModels } from "./list-models.js";
import { scoreLoglikelihood, scorePromptOverHttp } from "./score-loglikelihood.js";
import { createHttpTokenizer } from "./tokenize-text.js";
import { versionHint } from "./version-hint.js";

export interface OpenAiHttpBackendOptions {
  /**
   * e.g. `http://127.0.0.1:8000/v1`; requests go to `${baseUrl}/chat/completions`, `/completions`, `/models`. A
   * comma list names replicas of one server: requests are spread over them (`createReplicaBackend`).
   */
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
  /** Raw bytes one response body may have before the attempt fails and is cut (default 32 MiB). */
  maxResponseBytes?: number | undefined;
  /** Clock of every timing (default `performance.now()`). */
  now?: (() => number) | undefined;
  /** Backoff sleep; must reject when `signal` aborts (default `node:timers/promises` setTimeout). */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Jitter source in [0, 1) (default `Math.random`). */
  random?: (() => number) | undefined;
  /** Used instead of the backend's own connections (e.g. a MockAgent); `close()` leaves it open. */
  dispatcher?: Dispatcher | undefined;
  /**
   * PEM text of certificates to trust for an https base URL besides Node's bundled roots: a self-signed server's
   * own certificate or a private CA (`NODE_EXTRA_CA_CERTS` works too). Not with `dispatcher`, which has its own.
   */
  caCertificates?: string | readonly string[] | undefined;
  extraHeaders?: Record<string, string> | undefined;
  /** Replicas: connection errors in a row that take one out of rotation (default 3). */
  replicaEjectAfter?: number | undefined;
  /** Replicas: how long one out of rotation rests before a probe request (default 10 000 ms). */
  replicaCooldownMs?: number | undefined;
}

/** One replica's own backend: its connection errors come back at once, for the next replica to take the request. */
interface SingleServerOptions extends OpenAiHttpBackendOptions {
  isConnectionErrorRetried?: boolean;
}

const DEFAULT_CONNECTIONS = 64;
const DEFAULT_MAX_RETRIES = 2;
const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 ** 2;
const DEFAULT_REPLICA_EJECT_AFTER = 3;
const DEFAULT_REPLICA_COOLDOWN_MS = 10_000;

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
    `Invalid base URL "${redactUrl(baseUrl)}": expected http(s)://host[:port][/path], e.g. http://localhost:8000/v1.`,
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

export function createOpenAiHttpBackend(options: OpenAiHttpBackendOptions): Backend & LoglikelihoodScorer {
  const urls = replicaUrls(options.baseUrl);
  // One server: its backend alone, as fast as ever (no selection on the request path).
  if (urls.length <= 1) return createSingleServerBackend(options);
  const repeated = urls.find((url, index) => urls.indexOf(url) !== index);
  if (repeated !== undefined) {
    throw new ConfigError(
      `The base URL ${redactUrl(repeated)} is given twice: name each replica once (--base-url A --base-url B).`,
    );
  }
  const replicas = urls.map((baseUrl) => ({
    label: redactUrl(baseUrl),
    backend: createSingleServerBackend({ ...options, baseUrl, isConnectionErrorRetried: false }),
  }));
  return createReplicaBackend(replicas, {
    ejectAfter: options.replicaEjectAfter ?? DEFAULT_REPLICA_EJECT_AFTER,
    cooldownMs: options.replicaCooldownMs ?? DEFAULT_REPLICA_COOLDOWN_MS,
    // Each other replica once, then the retries a single server would get.
    maxFailovers: urls.length - 1 + (options.maxRetries ?? DEFAULT_MAX_RETRIES),
    ...(options.now === undefined ? {} : { now: options.now }),
  });
}

function createSingleServerBackend(options: SingleServerOptions): Backend & LoglikelihoodScorer {
  const url = parseBaseUrl(options.baseUrl);
  const caCertificates =
    typeof options.caCertificates === "string" ? [options.caCertificates] : options.caCertificates;
  if (caCertificates !== undefined && caCertificates.length > 0 && options.dispatcher !== undefined) {
    throw new ConfigError(
      "caCertificates applies to the backend's own connections; give the certificates to the injected dispatcher instead.",
    );
  }
  const pathPrefix = url.pathname.replace(/\/+$/, "");
  const jsonHeaders = buildHeaders(options, "application/json");
  const transport = createHttpTransport({
    origin: url.origin,
    connections: options.connections ?? DEFAULT_CONNECTIONS,
    dispatcher: options.dispatcher,
    caCertificates,
    warmUpRequest: { path: `${pathPrefix}/models${url.search}`, headers: jsonHeaders },
  });
  const generationTarget = (endpoint: string) => {
    const path = `${pathPrefix}${endpoint}${url.search}`;
    return { path, target: `POST ${pathPrefix}${endpoint}${redactUrl(url.search)}` };
  };
  const settings: HttpSettings = {
    transport,
    baseUrl: redactUrl(options.baseUrl),
    origin: url.origin,
    pathPrefix,
    search: url.search,
    generationTargets: {
      "/chat/completions": generationTarget("/chat/completions"),
      "/completions": generationTarget("/completions"),
    },
    versionHint: versionHint(url),
    model: options.model,
    apiKey: options.apiKey === "" ? undefined : options.apiKey,
    secrets: [
      ...(options.apiKey === undefined || options.apiKey === "" ? [] : [options.apiKey]),
      ...urlSecrets(options.baseUrl),
    ],
    streamHeaders: buildHeaders(options, "text/event-stream"),
    jsonHeaders,
    maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    isConnectionErrorRetried: options.isConnectionErrorRetried ?? true,
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
    /** Our own pool connects `count` sockets; undici is made to open as many by concurrent GET /models. */
    openConnections: (count, openOptions) => transport.openConnections(count, openOptions?.signal),
    /** `--scoring loglikelihood`: `echo: true, logprobs: 1, max_tokens: 1` completions, one per continuation. */
    loglikelihood: (request, scoreOptions) => scoreLoglikelihood(settings, request, scoreOptions?.signal),
    /** Perplexity: one `echo` completion of the prompt (token ids as given, or a text). */
    scorePrompt: (prompt, scoreOptions) => scorePromptOverHttp(settings, prompt, scoreOptions?.signal),
    /** `POST /tokenize` at the server's root (vLLM, SGLang, llama.cpp server); undefined where there is none. */
    tokenize: createHttpTokenizer(settings),
    /** `POST /detokenize` beside it; undefined where there is none. */
    detokenize: createHttpDetokenizer(settings),
    close: () => transport.close(),
  };
}
