// The child side of `--workers N`: receive a share of the load, run it, stream compact records to the parent.
import { toError } from "../errors.js";
import {
  type CompactLabels,
  CompactRecordBuffer,
  type CompactRecordInput,
  shiftTimings,
} from "./compact-records.js";
import type { ChildMessage, ParentMessage } from "./load-worker-messages.js";
import type { LoadShare } from "./split-load.js";

export interface LoadWorkerContext {
  share: LoadShare;
  /** Whatever the parent passed as `config` (plain data; validate it with zod). */
  config: unknown;
  /** Aborted when the parent aborts the run. */
  signal: AbortSignal;
  /**
   * When the parent wants the load to start, on this process's `performance.now()` clock (the same instant for
   * every worker); undefined when the parent gave none.
   */
  startAtMs: number | undefined;
  /** Records one request, timings in this process's `performance.now()` ms (shifted to the parent's clock). */
  emit(record: CompactRecordInput, deltaTimesMs?: ArrayLike<number>, labels?: CompactLabels): void;
  /** Hands the parent other plain data (structured-cloneable), sent with the next batch of records. */
  emitPayload(item: unknown): void;
}

/** Run this at the top of a worker entry module; it returns at once and exits the process when done. */
export function serveLoadWorker(
  run: (context: LoadWorkerContext) => Promise<Record<string, unknown>>,
  options: { batchRows?: number; flushIntervalMs?: number } = {},
): void {
  const send = (message: ChildMessage) => process.send?.(message);
  const controller = new AbortController();
  const buffer = new CompactRecordBuffer();
  let payloads: unknown[] = [];
  const batchRows = options.batchRows ?? 512;
  const flush = () => {
    if (buffer.size > 0) send({ type: "records", batch: buffer.take() });
    if (payloads.length > 0) {
      send({ type: "payloads", items: payloads });
      payloads = [];
    }
  };
  const timer = setInterval(flush, options.flushIntervalMs ?? 200);
  process.on("message", (message: ParentMessage) => {
    if (message.type === "abort") {
      controller.abort();
      return;
    }
    // The clocks differ by the processes' start times: records go out on the parent's clock.
    const offsetMs = performance.timeOrigin - message.parentTimeOriginMs;
    run({
      share: message.share,
      config: message.config,
      signal: controller.signal,
      startAtMs: message.startAtMs === undefined ? undefined : message.startAtMs - offsetMs,
      emit(record, deltaTimesMs = [], labels) {
        const shifted = Float64Array.from(deltaTimesMs, (timeMs) => timeMs + offsetMs);
        buffer.push(shiftTimings(record, offsetMs), shifted, labels);
        if (buffer.size >= batchRows) flush();
      },
      emitPayload(item) {
        payloads.push(item);
        if (payloads.length >= batchRows) flush();
      },
    })
      .then((report) => {
        flush();
        send({ type: "end", report });
      })
      .catch((error: unknown) => {
        flush();
        send({ type: "failed", message: toError(error).message });
      })
      .finally(() => {
        clearInterval(timer);
        process.disconnect?.();
      });
  });
  send({ type: "alive" });
}
