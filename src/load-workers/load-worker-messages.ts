// The messages between `runLoadWorkers` (parent) and `serveLoadWorker` (each child process).
import type { CompactBatch } from "./compact-records.js";
import type { LoadShare } from "./split-load.js";

export type ParentMessage =
  | {
      type: "start";
      share: LoadShare;
      config: unknown;
      parentTimeOriginMs: number;
      /** The common start of the load on the parent's clock, when the parent asked for one. */
      startAtMs?: number;
    }
  | { type: "abort" };

export type ChildMessage =
  | { type: "alive" }
  | { type: "records"; batch: CompactBatch }
  /** Other plain data a worker hands the parent (e.g. graded answers), in the order it was emitted. */
  | { type: "payloads"; items: unknown[] }
  | { type: "end"; report: Record<string, unknown> }
  | { type: "failed"; message: string };
