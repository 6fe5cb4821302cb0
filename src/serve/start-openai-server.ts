// The one OpenAI-compatible HTTP server of this project (node:http): /v1/models, /v1/chat/completions,
// /v1/completions, /tokenize, /detokenize and /health over any ServedBackend, plus the routes a caller adds (the mock's /metrics,
// /oracle/*).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { BenchError, toError } from "../errors.js";
import { modelsBodyJson } from "../protocol/models-body.js";
import { answerDetokenizeRequest } from "./answer-detokenize-request.js";
import {
  answerGenerationRequest,
  type GenerationServer,
  type InjectedFault,
} from "./answer-generation-request.js";
import { answerTokenizeRequest } from "./answer-tokenize-request.js";
import { bearerCheck, OPEN_ROUTES, sendUnauthorized } from "./bearer-check.js";
import { sendBody, sendError } from "./send-reply.js";
import type { ServedBackend } from "./served-backend.js";
import { ServerCounters } from "./server-counters.js";

/** An extra route; a rejected promise is answered with a 500. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export interface OpenAiServerOptions {
  backend: ServedBackend;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** The clock of request arrival times handed to the backend (ms; default `performance.now()`). */
  now?: () => number;
  /** Goes into response ids, `chatcmpl-<idPrefix><n>` (default: random per server, e.g. `3fa94c07d2e1-`). */
  idPrefix?: string;
  /** `owned_by` of the model in `GET /v1/models` (default `llm-benchmarker`). */
  ownedBy?: string;
  /** When set, every SSE chunk carries `"server_ts_ms"` (this clock, epoch ms) and the first `"server_arrival_ts_ms"`. */
  chunkClock?: () => number;
  /** Answers generation request number `n` (1-based) with an error before reading it, when it returns one. */
  injectFault?: (requestNumber: number) => InjectedFault | undefined;
  /** Where to count what is answered (default: new counters). */
  counters?: ServerCounters;
  /** More routes, keyed `"GET /metrics"`. */
  routes?: Record<string, RouteHandler>;
  /** When set, every route but `OPEN_ROUTES` requires `Authorization: Bearer <apiKey>` (401 otherwise). */
  apiKey?: string | undefined;
}

export interface OpenAiServer {
  server: Server;
  /** `http://HOST:PORT/v1`. */
  url: string;
  port: number;
  /** What this server has answered. */
  counters: ServerCounters;
  /** Stops listening and cuts open connections; the backend stays the caller's. */
  close(): Promise<void>;
}

const ROUTE_HINT = "Try GET /v1/models, POST /v1/chat/completions or POST /v1/completions.";

/** Listens on `host:port` and resolves once it does; a port in use is a BenchError (exit code 2) saying what to do. */
export async function startOpenAiServer(options: OpenAiServerOptions): Promise<OpenAiServer> {
  const host = options.host ?? "127.0.0.1";
  const { backend } = options;
  const counters = options.counters ?? new ServerCounters();
  const generation: GenerationServer = {
    backend,
    modelJson: JSON.stringify(backend.modelId),
    counters,
    now: options.now ?? (() => performance.now()),
    chunkClock: options.chunkClock,
    idPrefix: options.idPrefix ?? `${randomBytes(6).toString("hex")}-`,
    injectFault: options.injectFault,
    requestCount: 0,
    onResponseClose: () => {
      counters.running--;
    },
  };
  const modelsBody = modelsBodyJson(
    [backend.modelId],
    options.ownedBy ?? "llm-benchmarker",
    Math.floor(Date.now() / 1000),
  );
  const routes = options.routes ?? {};

  const route = (request: IncomingMessage, response: ServerResponse, path: string): void => {
    const method = request.method ?? "GET";
    switch (`${method} ${path}`) {
      case "POST /v1/chat/completions":
      case "POST /chat/completions":
        answerGenerationRequest(request, response, "chat", generation);
        return;
      case "POST /v1/completions":
      case "POST /completions":
        answerGenerationRequest(request, response, "completions", generation);
        return;
      case "GET /v1/models":
      case "GET /models":
        sendBody(response, modelsBody);
        return;
      case "POST /tokenize":
      case "POST /v1/tokenize":
        answerTokenizeRequest(request, response, backend);
        return;
      case "POST /detokenize":
      case "POST /v1/detokenize":
        answerDetokenizeRequest(request, response, backend);
        return;
      case "GET /health":
        sendBody(response, "{}");
        return;
    }
    const handler = routes[`${method} ${path}`];
    if (handler !== undefined) {
      respondLater(response, handler, request);
      return;
    }
    const trimmed = path.replace(/\/+$/, "");
    if (trimmed !== path && trimmed !== "") {
      route(request, response, trimmed);
      return;
    }
    sendError(response, 404, { message: `No route for ${method} ${path}. ${ROUTE_HINT}` });
  };

  const isAuthorized = options.apiKey === undefined ? undefined : bearerCheck(options.apiKey);
  const server = createServer({ keepAlive: true, noDelay: true }, (request, response) => {
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (isAuthorized !== undefined && !isOpenRoute(request.method ?? "GET", path) && !isAuthorized(request)) {
      sendUnauthorized(request, response);
      return;
    }
    route(request, response, path);
  });
  server.keepAliveTimeout = 30_000;
  const port = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => reject(listenError(error, host, port)));
    server.listen(port, host, () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    server,
    url: `http://${urlHost}:${address.port}/v1`,
    port: address.port,
    counters,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** `GET /health` and `GET /metrics`, also with a trailing slash. */
function isOpenRoute(method: string, path: string): boolean {
  return OPEN_ROUTES.includes(`${method} ${path.replace(/(.)\/+$/, "$1")}`);
}

/** Runs an extra route's handler; a failure (a cluster peer gone) becomes a 500. */
function respondLater(response: ServerResponse, handler: RouteHandler, request: IncomingMessage): void {
  Promise.resolve()
    .then(() => handler(request, response))
    .catch((error: unknown) => sendError(response, 500, { message: toError(error).message }));
}

/** A listen failure a user can fix (port in use, no permission) as a BenchError; anything else as it is. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const fix = "Choose another port with --port P, or --port 0 for a free one.";
  if (error.code === "EADDRINUSE")
    return new BenchError("E_PORT_IN_USE", `Port ${port} on ${host} is already in use. ${fix}`, {
      cause: error,
      exitCode: 2,
    });
  if (error.code === "EACCES")
    return new BenchError(
      "E_PORT_DENIED",
      `Listening on port ${port} of ${host} is not permitted (ports below 1024 need privileges). ${fix}`,
      { cause: error, exitCode: 2 },
    );
  if (error.code === "EADDRNOTAVAIL")
    return new BenchError(
      "E_HOST_UNAVAILABLE",
      `Cannot listen on ${host}: no such address on this machine. Use --host 127.0.0.1, or 0.0.0.0 for every address.`,
      { cause: error, exitCode: 2 },
    );
  return error;
}
