// The deterministic OpenAI-compatible server: the mock Backend (latency model, oracle answers) served by the
// project's one HTTP layer, with injected faults (`GET /faults/stats`), `GET /metrics` and the oracle's `/oracle/*`
// routes plugged in.
import type { ServerResponse } from "node:http";
import type { FaultKind } from "../config/fault-rates.js";
import { sendBody, sendError } from "../serve/send-reply.js";
import { ServerCounters, sumCounterSnapshots } from "../serve/server-counters.js";
import { type RouteHandler, startOpenAiServer } from "../serve/start-openai-server.js";
import { buildLoglikelihoodIndex } from "./build-loglikelihood-index.js";
import { buildOracleIndex } from "./build-oracle-index.js";
import { createFaultInjector } from "./create-fault-injector.js";
import { createMockBackend } from "./create-mock-backend.js";
import { sumFaultStats } from "./fault-counts.js";
import type { MockServerPeers, MockServerSnapshot } from "./mock-server-peers.js";
import { OracleLedger } from "./oracle-ledger.js";
import type { OracleOptions } from "./oracle-types.js";
import { renderVllmMetrics } from "./render-vllm-metrics.js";
import { ServedLog } from "./served-log.js";

export interface MockServerOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** The one model served (default `mock-model`); requests naming another get a 404. */
  model?: string;
  /** Time to first token and between tokens (default 0 and 0). */
  ttftMs?: number;
  itlMs?: number;
  /** Standard deviations of the TTFT and of each token gap (normal draws clamped at 0; default 0). */
  ttftStddevMs?: number;
  itlStddevMs?: number;
  /** Added to the TTFT per prompt token (default 0). */
  ttftPerPromptTokenMs?: number;
  /** Seeds the latency draws, which are deterministic per (seed, request number) (default 0). */
  latencySeed?: number;
  /** Put `"server_ts_ms"` (epoch ms: `performance.timeOrigin + performance.now()`) in every SSE chunk. */
  isChunkTimestamped?: boolean;
  /** Filler tokens for prompts the oracle does not know, when the request sets no `max_tokens` (default 16). */
  defaultOutputTokens?: number;
  /** Recognise benchmark prompts and answer them correctly with probability `accuracy`. */
  oracle?: OracleOptions;
  /** Appends one JSON line per oracle answer; `GET /oracle/stats` stays the authoritative record. */
  servedLogPath?: string;
  /** Share of generation requests answered with `faultStatus` (default 503) before any byte. */
  faultRate?: number;
  faultStatus?: number;
  /** Each fault kind's share of generation requests (`--fault-rate KIND=R`; README "Faults"). */
  faultKindRates?: Partial<Record<FaultKind, number>>;
  /** Seeds which requests fault, and with which kind (default 0). */
  faultSeed?: number;
  /** Sent as `retry-after-ms` with each HTTP-status fault when set. */
  faultRetryAfterMs?: number;
  /** How long a `stall` fault stays silent before the connection is dropped (default 600,000). */
  faultStallMs?: number;
  /** Gap between the 8-byte pieces of a `slow-trickle` fault (default 5). */
  faultTrickleMs?: number;
  now?: () => number;
  /** Set by the cluster: this worker's id (1-based) and how it reaches the others for `/oracle/*`, `/metrics`. */
  cluster?: { workerId: number; peers: MockServerPeers };
}

export interface MockServer {
  /** `http://HOST:PORT/v1`. */
  url: string;
  port: number;
  oracle: OracleLedger | undefined;
  /** This server's own counts (not its peers'): oracle ledger, counters, and faults injected by kind. */
  snapshot(): MockServerSnapshot;
  close(): Promise<void>;
}

/** Starts the server and resolves once it listens; a port in use is a BenchError (exit code 2). */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const model = options.model ?? "mock-model";
  const ledger = options.oracle === undefined ? undefined : new OracleLedger();
  const servedLog = options.servedLogPath === undefined ? undefined : new ServedLog(options.servedLogPath);
  const workerId = options.cluster?.workerId ?? 0;
  const now = options.now ?? (() => performance.now());
  const backend = createMockBackend({
    model,
    answers: {
      index: options.oracle === undefined ? undefined : buildOracleIndex(options.oracle),
      loglikelihoodIndex: options.oracle === undefined ? undefined : buildLoglikelihoodIndex(options.oracle),
      ledger,
      servedLog,
      defaultOutputTokens: options.defaultOutputTokens ?? 16,
    },
    latency: {
      ttftMs: options.ttftMs ?? 0,
      ttftStddevMs: options.ttftStddevMs ?? 0,
      ttftPerPromptTokenMs: options.ttftPerPromptTokenMs ?? 0,
      itlMs: options.itlMs ?? 0,
      itlStddevMs: options.itlStddevMs ?? 0,
      seed: options.latencySeed ?? 0,
    },
    now,
    latencyKeyBase: workerId << 24,
  });
  const idPrefix = workerId === 0 ? "mock-" : `mock-w${workerId}-`;
  const faults = createFaultInjector({
    rates: { kinds: options.faultKindRates ?? {}, statusRate: options.faultRate ?? 0 },
    status: options.faultStatus ?? 503,
    seed: options.faultSeed ?? 0,
    retryAfterMs: options.faultRetryAfterMs,
    stallMs: options.faultStallMs ?? 600_000,
    trickleMs: options.faultTrickleMs ?? 5,
    idPrefix: `chatcmpl-${idPrefix}fault-`,
  });
  const counters = new ServerCounters();
  const snapshot = (): MockServerSnapshot => ({
    ledger: ledger?.snapshot(),
    counters: counters.snapshot(),
    faults: faults.stats(),
  });
  const peers: MockServerPeers = options.cluster?.peers ?? {
    collect: async () => [snapshot()],
    resetAll: async () => ledger?.reset(),
  };
  const oracleRoute =
    (answer: (response: ServerResponse) => Promise<void>): RouteHandler =>
    async (_request, response) => {
      if (ledger === undefined)
        sendError(response, 404, { message: "The oracle is not enabled on this server." });
      else await answer(response);
    };
  const server = await startOpenAiServer({
    backend,
    counters,
    ...(options.host === undefined ? {} : { host: options.host }),
    port: options.port ?? 0,
    now,
    idPrefix,
    ownedBy: "llm-bench-mock",
    ...(options.isChunkTimestamped === true
      ? { chunkClock: () => performance.timeOrigin + performance.now() }
      : {}),
    injectFault: (requestNumber) => faults.inject(requestNumber),
    routes: {
      "GET /metrics": async (_request, response) => {
        const snapshots = await peers.collect();
        const total = sumCounterSnapshots(snapshots.map((entry) => entry.counters));
        sendBody(response, renderVllmMetrics(total, model), "text/plain; version=0.0.4");
      },
      "GET /faults/stats": async (_request, response) => {
        const snapshots = await peers.collect();
        sendBody(response, JSON.stringify(sumFaultStats(snapshots.map((entry) => entry.faults))));
      },
      "GET /oracle/stats": oracleRoute(async (response) => {
        sendBody(response, JSON.stringify((await mergedLedger(peers)).stats()));
      }),
      "GET /oracle/samples": oracleRoute(async (response) => {
        const records = (await mergedLedger(peers)).samples();
        sendBody(
          response,
          records.map((record) => `${JSON.stringify(record)}\n`).join(""),
          "application/x-ndjson",
        );
      }),
      "POST /oracle/reset": oracleRoute(async (response) => {
        await peers.resetAll();
        sendBody(response, "{}");
      }),
    },
  });

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await Promise.all([server.close(), backend.close()]);
      await servedLog?.close();
    })();
    return closing;
  };
  return { url: server.url, port: server.port, oracle: ledger, snapshot, close };
}

/** The merged ledger of every worker (one worker: a copy of its own). */
async function mergedLedger(peers: MockServerPeers): Promise<OracleLedger> {
  const merged = new OracleLedger();
  for (const entry of await peers.collect()) if (entry.ledger !== undefined) merged.merge(entry.ledger);
  return merged;
}
