// The fault scenarios of issue 22, as plain functions (no test framework): the mock-server CLI with its oracle and
// `--fault-rate`, then `llm-bench run` or `profile` against it; each returns what happened and the figures (faults
// injected per kind, retries, samples, wall time). test/reliability/faults.reliability.test.ts checks them;
// `npm run bench:reliability` can call them to print the figures.

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request } from "undici";
import { FAULT_KINDS } from "../../../src/config/fault-rates.js";
import {
  type CliResult,
  journalOf,
  runCli,
  sharedData,
  startMockServerProcess,
} from "../../e2e/support/cli.js";
import { runDirNames } from "../../e2e/support/run-dir.js";

/**
 * The client's class of each mock-server fault kind, for a streamed request (what `run` and `profile` send by
 * default); undefined where the client sees no fault (a slow trickle whose gaps stay under the idle limit).
 */
export const FAULT_KIND_CLASSES: Readonly<Record<string, string | undefined>> = {
  "http-500": "http_500",
  "http-502": "http_502",
  "http-503": "http_503",
  "http-429": "http_429",
  "http-429-retry-after-seconds": "http_429",
  "http-429-retry-after-date": "http_429",
  "reset-before-response": "connection_reset",
  "reset-mid-stream": "stream_reset",
  stall: "timeout_idle",
  "broken-json-chunk": "malformed_stream",
  "missing-done": "missing_done",
  "error-event": "stream_error_event",
  "html-200": "not_openai_response",
  "empty-body": "empty_body",
  "wrong-content-type": "wrong_content_type",
  oversized: "response_too_large",
  "slow-trickle": undefined,
};

/** Classes that are anomalies: the answer is accepted (never an error, never retried). */
export const ANOMALY_CLASSES: ReadonlySet<string> = new Set(["missing_done", "wrong_content_type"]);

/** The kinds a correct client accepts (an answer with an anomaly, or just slow): never an error. */
const ACCEPTED_KINDS: ReadonlySet<string> = new Set(["missing-done", "wrong-content-type", "slow-trickle"]);

/**
 * Every kind that fails a request, each at a rate that is exact in binary and all summing to exactly 1: every
 * request faults, and every fault is an error (`all=1` also draws the three kinds a client accepts: a missing
 * `[DONE]`, a wrong Content-Type, a slow trickle).
 */
export const EVERY_ERROR_KIND_RATES = FAULT_KINDS.filter((kind) => !ACCEPTED_KINDS.has(kind))
  .map((kind) => `${kind}=${kind === "html-200" || kind === "empty-body" ? 0.125 : 0.0625}`)
  .join(",");

export interface FaultStats {
  requests: number;
  faults: Record<string, number>;
}

export interface ScenarioOptions {
  benchmarks: readonly string[];
  /** `--fault-rate` values (e.g. `all=0.1`); none: a fault-free server. */
  faultRates: readonly string[];
  faultSeed?: number;
  /** `--fault-stall-ms`: longer than the idle timeout, so a stall is a `timeout_idle`. */
  faultStallMs?: number;
  faultTrickleMs?: number;
  /** `--limit` per benchmark; none: the whole test sets. */
  limit?: number;
  concurrency?: number;
  maxRetries?: number;
  idleTimeoutS?: number;
  oracleAccuracy?: number;
}

/** A profile scenario: synthetic requests, never retried. */
export type ProfileScenarioOptions = Omit<ScenarioOptions, "benchmarks" | "limit" | "maxRetries"> & {
  requests: number;
};

export interface SampleOutcome {
  benchmark: string;
  id: string;
  status: string;
  correct: boolean;
  attempts: number;
  faults?: Record<string, number>;
  /** What the sample's superseded records (an earlier session's) tried. */
  earlier?: { attempts: number; faults?: Record<string, number> };
  error: { code: string; message: string; fault?: string } | null;
}

/** What a scenario measured, for the docs. */
export interface ScenarioFigures {
  scenario: string;
  samples: number;
  /** Generation requests the server received. */
  serverRequests: number;
  /** Faults the server injected, by kind. */
  faultsInjected: Record<string, number>;
  faultsInjectedTotal: number;
  requestsRetried: number;
  samplesRetried: number;
  samplesFailed: number;
  /** The client's counts by fault class (anomalies included). */
  clientFaults: Record<string, number>;
  wallTimeS: number;
}

export interface RunScenarioOutcome {
  result: CliResult;
  runDir: string;
  records: SampleOutcome[];
  faultStats: FaultStats;
  figures: ScenarioFigures;
}

export interface ProfileScenarioOutcome {
  result: CliResult;
  runDir: string;
  summary: ProfileSummary;
  faultStats: FaultStats;
  figures: ScenarioFigures;
}

export interface ProfileSummary {
  request_count: number;
  successful_requests: number;
  failed_requests: number;
  errors_by_class: Record<string, number>;
  error_summary: { error_details: { code: number | null; type: string; message: string }; count: number }[];
  metrics: Record<string, { count: number; mean: number | null; max: number | null } | undefined>;
}

/** The client classes the server's injected kinds should have produced (kinds without a class left out). */
export function expectedClientClasses(
  injected: Readonly<Record<string, number>>,
  options: { includeAnomalies: boolean },
): Record<string, number> {
  const expected: Record<string, number> = {};
  for (const [kind, count] of Object.entries(injected)) {
    const name = FAULT_KIND_CLASSES[kind];
    if (name === undefined || count === 0) continue;
    if (!options.includeAnomalies && ANOMALY_CLASSES.has(name)) continue;
    expected[name] = (expected[name] ?? 0) + count;
  }
  return Object.fromEntries(Object.entries(expected).sort(([left], [right]) => left.localeCompare(right)));
}

function serverArgs(options: ScenarioOptions): string[] {
  return [
    "--oracle-accuracy",
    String(options.oracleAccuracy ?? 0.7),
    "--oracle-benchmarks",
    options.benchmarks.join(","),
    "--data-dir",
    sharedData,
    ...faultArgs(options),
  ];
}

/** The mock server's fault flags of a scenario. */
function faultArgs(options: Omit<ScenarioOptions, "benchmarks">): string[] {
  return [
    ...options.faultRates.flatMap((rate) => ["--fault-rate", rate]),
    "--fault-seed",
    String(options.faultSeed ?? 0),
    "--fault-stall-ms",
    String(options.faultStallMs ?? 3000),
    "--fault-trickle-ms",
    String(options.faultTrickleMs ?? 1),
  ];
}

function requestArgs(options: ScenarioOptions): string[] {
  return [
    "--concurrency",
    String(options.concurrency ?? 32),
    "--max-retries",
    String(options.maxRetries ?? 6),
    "--idle-timeout",
    String(options.idleTimeoutS ?? 1),
  ];
}

async function readFaultStats(url: string): Promise<FaultStats> {
  const response = await request(`${new URL(url).origin}/faults/stats`);
  return (await response.body.json()) as FaultStats;
}

function totalOf(counts: Readonly<Record<string, number>>): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

/** `llm-bench run` of the benchmarks against a fresh oracle mock server with the faults asked for. */
export async function runFaultRun(scenario: string, options: ScenarioOptions): Promise<RunScenarioOutcome> {
  const server = await startMockServerProcess(serverArgs(options));
  try {
    const outputDir = mkdtempSync(join(tmpdir(), "reliability-faults-"));
    const startedMs = performance.now();
    const result = await runCli([
      "run",
      ...options.benchmarks,
      "--base-url",
      server.url,
      "--data-dir",
      sharedData,
      ...(options.limit === undefined ? [] : ["--limit", String(options.limit)]),
      ...requestArgs(options),
      "--output-dir",
      outputDir,
    ]);
    const wallTimeS = (performance.now() - startedMs) / 1000;
    const faultStats = await readFaultStats(server.url);
    const runDir = join(outputDir, runDirNames(outputDir)[0] ?? "");
    const records = journalOf<SampleOutcome>(runDir);
    const clientFaults: Record<string, number> = {};
    for (const record of records) {
      for (const [name, count] of Object.entries(record.faults ?? {}))
        clientFaults[name] = (clientFaults[name] ?? 0) + count;
    }
    return {
      result,
      runDir,
      records,
      faultStats,
      figures: {
        scenario,
        samples: records.length,
        serverRequests: faultStats.requests,
        faultsInjected: faultStats.faults,
        faultsInjectedTotal: totalOf(faultStats.faults),
        requestsRetried: records.reduce((sum, record) => sum + Math.max(0, record.attempts - 1), 0),
        samplesRetried: records.filter((record) => record.attempts > 1).length,
        samplesFailed: records.filter((record) => record.status !== "ok").length,
        clientFaults: Object.fromEntries(
          Object.entries(clientFaults).sort(([left], [right]) => left.localeCompare(right)),
        ),
        wallTimeS,
      },
    };
  } finally {
    await server.stop();
  }
}

/** `llm-bench run --resume RUN_DIR` against a fresh oracle mock server with the faults asked for (none: `[]`). */
export async function resumeFaultRun(
  runDir: string,
  options: ScenarioOptions,
): Promise<{ result: CliResult; faultStats: FaultStats }> {
  const server = await startMockServerProcess(serverArgs(options));
  try {
    const result = await runCli([
      "run",
      "--resume",
      runDir,
      "--base-url",
      server.url,
      ...requestArgs(options),
    ]);
    return { result, faultStats: await readFaultStats(server.url) };
  } finally {
    await server.stop();
  }
}

/** `llm-bench profile` (synthetic prompts, never retried) against a mock server with the faults asked for. */
export async function runFaultProfile(
  scenario: string,
  options: ProfileScenarioOptions,
): Promise<ProfileScenarioOutcome> {
  const server = await startMockServerProcess(faultArgs(options));
  try {
    const outputDir = mkdtempSync(join(tmpdir(), "reliability-profile-faults-"));
    const startedMs = performance.now();
    const result = await runCli([
      "profile",
      "--base-url",
      server.url,
      "--num-requests",
      String(options.requests),
      "--concurrency",
      String(options.concurrency ?? 16),
      "--idle-timeout",
      String(options.idleTimeoutS ?? 1),
      "--isl",
      "64",
      "--osl",
      "32",
      "--output-dir",
      outputDir,
    ]);
    const wallTimeS = (performance.now() - startedMs) / 1000;
    const faultStats = await readFaultStats(server.url);
    const runDir = join(outputDir, runDirNames(outputDir)[0] ?? "");
    const summary = JSON.parse(readFileSync(join(runDir, "profile_summary.json"), "utf8")) as ProfileSummary;
    return {
      result,
      runDir,
      summary,
      faultStats,
      figures: {
        scenario,
        samples: summary.request_count,
        serverRequests: faultStats.requests,
        faultsInjected: faultStats.faults,
        faultsInjectedTotal: totalOf(faultStats.faults),
        requestsRetried: 0,
        samplesRetried: 0,
        samplesFailed: summary.failed_requests,
        clientFaults: summary.errors_by_class,
        wallTimeS,
      },
    };
  } finally {
    await server.stop();
  }
}

/** 10 % of requests faulted over every kind; 6 retries leave a sample failing 7 times in a row at 10⁻⁷. */
export const TEN_PERCENT_FAULTS: Omit<ScenarioOptions, "benchmarks"> = {
  faultRates: ["all=0.1"],
  faultSeed: 1,
  maxRetries: 6,
  idleTimeoutS: 1,
  faultStallMs: 3000,
  concurrency: 32,
};

/** Every request faulted with an error kind, 20 GSM8K samples, 2 retries: each sample fails. */
export const ALL_FAULTS_RUN: ScenarioOptions = {
  ...TEN_PERCENT_FAULTS,
  benchmarks: ["gsm8k"],
  faultRates: [EVERY_ERROR_KIND_RATES],
  maxRetries: 2,
  limit: 20,
  concurrency: 8,
};

/** A profile of 1,000 synthetic requests with 10 % of them faulted (its own seed). */
export const TEN_PERCENT_PROFILE: ProfileScenarioOptions = {
  faultRates: ["all=0.1"],
  faultSeed: 2,
  idleTimeoutS: 1,
  faultStallMs: 3000,
  requests: 1_000,
  concurrency: 16,
};
