// How one server of a cluster reaches the others: gather every worker's counts, reset every ledger.

import type { ServerCountersSnapshot } from "../serve/server-counters.js";
import type { FaultStats } from "./fault-counts.js";
import type { OracleLedgerSnapshot } from "./oracle-ledger.js";

/** One worker's state as plain data (it crosses the cluster's IPC channel). */
export interface MockServerSnapshot {
  ledger: OracleLedgerSnapshot | undefined;
  counters: ServerCountersSnapshot;
  faults: FaultStats;
}

export interface MockServerPeers {
  /** Every worker's snapshot, this one's included. */
  collect(): Promise<MockServerSnapshot[]>;
  /** Resets every worker's oracle ledger. */
  resetAll(): Promise<void>;
}
