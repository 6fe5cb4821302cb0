// Runs a profile's load in `--workers N` child processes and records their requests here as they stream in.

import type { ProfileOptions } from "../config/profile-options.js";
import type { SampleRecord } from "../core/sample-record.js";
import { runLoadWorkers } from "../load-workers/run-load-workers.js";
import { splitLoad } from "../load-workers/split-load.js";
import { endedFromCompact } from "./compact-request.js";
import type { LoadSlice } from "./profile-load-plan.js";
import type { ProfileWorkerConfig } from "./profile-load-worker.js";
import type { ProfileRecorder } from "./profile-recorder.js";

export interface WorkersLoad {
  options: ProfileOptions;
  /** This client's part of the load (a `--shard`'s, or the whole): the workers split it further. */
  slice: LoadSlice;
  /** The load's t0 on this process's clock (`--start-at`); undefined: shortly after every worker is ready. */
  startAtMs: number | undefined;
  model: string;
  /** Requests of the whole run, warmup included; undefined with a duration alone. */
  totalRequests: number | undefined;
  /** Time to schedule for (a resumed profile's remainder); undefined: no limit. */
  durationMs: number | undefined;
  /** A resumed benchmark: the samples still to ask; undefined: all. */
  pendingSampleIds: string[] | undefined;
  /** The session's number, stamped on the journal records. */
  session: number;
  recorder: ProfileRecorder;
  signal: AbortSignal | undefined;
  /** Each request that ended; `isOk` false when it failed. */
  onRequestEnd: (isOk: boolean) => void;
  /** The run's start on this process's `performance.now()` clock (graded records count from it). */
  runStartMs: number;
  /** Each graded record of a benchmark workload (graded in the worker that sent the request). */
  onGraded: (record: SampleRecord) => void;
}

export interface WorkersOutcome {
  startMs: number;
  isInterrupted: boolean;
  /** `monitors.client_workers` of the summary: each worker's own client report and status. */
  report: Record<string, unknown>;
  /** Console lines: failed or client-bound workers. */
  notes: string[];
}

/**
 * How long after the last worker is ready the load starts (so each has built its backend and workload); each worker's
 * client warm-up (`--client-warmup-ms`) is added to it.
 */
const START_DELAY_MS = 250;
/** Added for a benchmark workload, which each worker plans (from the data the parent has cached) before its share. */
const BENCHMARK_PLAN_DELAY_MS = 1_500;

const workerEntry = new URL(
  import.meta.url.endsWith(".ts") ? "./profile-load-worker.ts" : "./profile-load-worker.js",
  import.meta.url,
);

export async function driveWorkers(load: WorkersLoad): Promise<WorkersOutcome> {
  const { options, recorder, slice } = load;
  const isCapped = options.maxConcurrency !== undefined;
  const shares = splitLoad({
    workerCount: options.workers,
    concurrency:
      slice.concurrency ??
      (options.requestRate === undefined ? (options.concurrency ?? 1) : (options.maxConcurrency ?? 1)),
    requestRate: options.requestRate === undefined ? undefined : options.requestRate / slice.count,
  });
  const config: ProfileWorkerConfig = {
    options,
    model: load.model,
    totalRequests: load.totalRequests ?? null,
    durationMs: load.durationMs ?? null,
    pendingSampleIds: load.pendingSampleIds ?? null,
    session: load.session,
    isCapped,
    slice: { index: slice.index, count: slice.count },
    runStartEpochMs: performance.timeOrigin + load.runStartMs,
  };
  const outcome = await runLoadWorkers({
    entry: workerEntry,
    shares,
    config,
    ...(load.startAtMs === undefined ? {} : { startAtMs: load.startAtMs }),
    startDelayMs:
      START_DELAY_MS +
      options.clientWarmupMs +
      (options.accuracyBenchmark === undefined ? 0 : BENCHMARK_PLAN_DELAY_MS),
    graceMs: options.graceMs + 2_000,
    ...(load.signal === undefined ? {} : { signal: load.signal }),
    onRecord: (record, deltaTimesMs, labels) => {
      load.onRequestEnd(record.statusCode === 0);
      recorder.record(endedFromCompact(record, deltaTimesMs, labels));
    },
    // Workers send only graded records as payloads.
    onPayload: (item) => load.onGraded(item as SampleRecord),
  });
  const notes: string[] = [];
  let loopDelayP99MaxMs = 0;
  let isClientBound = false;
  for (const worker of outcome.workers) {
    const { report } = worker;
    if (worker.status === "failed") {
      notes.push(`warning: client worker ${worker.workerIndex} failed: ${String(report["error"])}`);
      continue;
    }
    const delayMs = report["loop_delay_p99_ms"];
    if (typeof delayMs === "number") loopDelayP99MaxMs = Math.max(loopDelayP99MaxMs, delayMs);
    if (report["is_client_bound"] === true) {
      isClientBound = true;
      const reasons = Array.isArray(report["reasons"]) ? report["reasons"].join("; ") : "";
      notes.push(`warning: client worker ${worker.workerIndex} is client-bound (${reasons}); add --workers.`);
    }
  }
  return {
    startMs: outcome.startAtMs ?? Number.NaN,
    isInterrupted: load.signal?.aborted === true,
    report: {
      workers: outcome.workers.map((worker) => ({
        worker: worker.workerIndex,
        status: worker.status,
        records: worker.records,
        ...worker.report,
      })),
      loop_delay_p99_ms_max: loopDelayP99MaxMs,
      cpu_cores: outcome.workers.map((worker) => worker.report["cpu_cores"] ?? null),
      is_client_bound: isClientBound,
    },
    notes,
  };
}
