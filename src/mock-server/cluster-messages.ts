// The messages between the cluster's primary and its mock-server workers (node:cluster IPC).
import type { MockServerConfig } from "./build-mock-server-options.js";
import type { MockServerSnapshot } from "./mock-server-peers.js";

/** Primary → worker. */
export type PrimaryMessage =
  | { type: "start"; config: MockServerConfig; workerId: number }
  | { type: "snapshot-request"; gatherId: number }
  | { type: "reset-request"; gatherId: number }
  | { type: "collected"; requestId: number; snapshots: MockServerSnapshot[] | undefined; error?: string }
  | { type: "reset-done"; requestId: number; error?: string };

/** Worker → primary. */
export type WorkerMessage =
  | { type: "alive" }
  | { type: "ready"; port: number }
  /** `code`: the BenchError code when the failure is the user's to fix (a port in use). */
  | { type: "start-failed"; message: string; code?: string }
  | { type: "snapshot"; gatherId: number; snapshot: MockServerSnapshot }
  | { type: "reset-ack"; gatherId: number }
  | { type: "collect"; requestId: number }
  | { type: "reset"; requestId: number };
