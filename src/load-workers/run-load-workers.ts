// The parent side of `--workers N`: fork N child processes, give each its share, merge their records.
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import {
  type CompactLabels,
  type CompactRecord,
  compactBatchSize,
  readCompactRecord,
} from "./compact-records.js";
import type { ChildMessage, ParentMessage } from "./load-worker-messages.js";
import type { LoadShare } from "./split-load.js";

export interface RunLoadWorkersOptions {
  /** The worker entry module (it calls `serveLoadWorker`); a `.ts` file runs through tsx. */
  entry: URL;
  shares: readonly LoadShare[];
  /** Sent to every worker as is (plain data). */
  config: unknown;
  signal?: AbortSignal;
  /**
   * Every record as it arrives, timings (and its delta times) already on this process's clock. With this set,
   * records are not kept: `records` of the outcome is empty (for runs of millions of requests).
   */
  onRecord?: (record: CompactRecord, deltaTimesMs: Float64Array, labels: CompactLabels) => void;
  /** Each item a worker emitted with `emitPayload`, in the worker's order. */
  onPayload?: (item: unknown, workerIndex: number) => void;
  /**
   * Start every worker at once: wait until all are alive, then give them a common start this many ms later
   * (`startAtMs` of their context). Without it, each worker starts as soon as it is alive.
   */
  startDelayMs?: number;
  /**
   * A common start fixed in advance, on this process's clock (several machines' clients starting one schedule
   * together): given to every worker once all are alive, in place of `startDelayMs`.
   */
  startAtMs?: number;
  /** After an abort, how long workers get to send what they have before they are killed (default 2,000). */
  graceMs?: number;
}

export interface LoadWorkerResult {
  workerIndex: number;
  status: "ok" | "failed";
  /** The worker's own report (e.g. its client monitor's), or why it failed. */
  report: Record<string, unknown>;
  records: number;
}

export interface LoadWorkersOutcome {
  workers: LoadWorkerResult[];
  /** Every record of every worker (without `onRecord`), sorted by request index, on this process's clock. */
  records: CompactRecord[];
  /** The common start given to the workers (with `startDelayMs` or `startAtMs`), on this process's clock. */
  startAtMs: number | undefined;
}

/** Resolves when every worker has ended (a failed worker is reported, not thrown). */
export async function runLoadWorkers(options: RunLoadWorkersOptions): Promise<LoadWorkersOutcome> {
  const path = fileURLToPath(options.entry);
  const execArgv = path.endsWith(".ts") ? ["--import", "tsx"] : [];
  const records: CompactRecord[] = [];
  const children: ChildProcess[] = [];
  const onAbort = () => {
    for (const child of children) if (child.connected) child.send({ type: "abort" } satisfies ParentMessage);
    const killer = setTimeout(() => {
      for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    }, options.graceMs ?? 2_000);
    killer.unref();
  };
  // With a common start, workers are started together once every one is alive (or gone).
  let startAtMs: number | undefined;
  const isCommonStart = options.startDelayMs !== undefined || options.startAtMs !== undefined;
  const waiting: Array<() => void> = [];
  let unsettled = options.shares.length;
  const settleOne = (): void => {
    if (--unsettled > 0 || !isCommonStart) return;
    startAtMs = options.startAtMs ?? performance.now() + (options.startDelayMs ?? 0);
    for (const go of waiting.splice(0)) go();
  };
  const runOne = (share: LoadShare) =>
    new Promise<LoadWorkerResult>((resolve) => {
      const child = fork(path, [], { execArgv, serialization: "advanced", stdio: "inherit" });
      children.push(child);
      let count = 0;
      let result: LoadWorkerResult | undefined;
      let isSettled = false;
      const sendStart = (): void => {
        if (!child.connected) return;
        const start: ParentMessage = {
          type: "start",
          share,
          config: options.config,
          parentTimeOriginMs: performance.timeOrigin,
          ...(startAtMs === undefined ? {} : { startAtMs }),
        };
        child.send(start);
        if (options.signal?.aborted === true) child.send({ type: "abort" } satisfies ParentMessage);
      };
      child.on("message", (message: ChildMessage) => {
        switch (message.type) {
          case "alive": {
            if (!isCommonStart) sendStart();
            else waiting.push(sendStart);
            isSettled = true;
            settleOne();
            return;
          }
          case "records": {
            // Timings are on this process's clock already (the worker shifted them).
            const rows = compactBatchSize(message.batch);
            for (let row = 0; row < rows; row++) {
              const { record, deltaTimesMs, labels } = readCompactRecord(message.batch, row);
              if (options.onRecord === undefined) records.push(record);
              else options.onRecord(record, deltaTimesMs, labels);
            }
            count += rows;
            return;
          }
          case "payloads":
            for (const item of message.items) options.onPayload?.(item, share.workerIndex);
            return;
          case "end":
            result = { workerIndex: share.workerIndex, status: "ok", report: message.report, records: 0 };
            return;
          case "failed":
            result = {
              workerIndex: share.workerIndex,
              status: "failed",
              report: { error: message.message },
              records: 0,
            };
            return;
          default: {
            const unreachable: never = message;
            return unreachable;
          }
        }
      });
      child.on("exit", (code, signal) => {
        if (!isSettled) {
          isSettled = true;
          settleOne();
        }
        resolve({
          ...(result ?? {
            workerIndex: share.workerIndex,
            status: "failed",
            report: { error: `worker exited (${signal ?? code}) before it ended` },
            records: 0,
          }),
          records: count,
        });
      });
    });
  options.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const workers = await Promise.all(options.shares.map(runOne));
    records.sort((a, b) => a.index - b.index);
    return { workers, records, startAtMs };
  } finally {
    options.signal?.removeEventListener("abort", onAbort);
  }
}
