// How many generation requests the mock saw and how many faults of each kind it injected (`GET /faults/stats`).
import { FAULT_KINDS } from "../config/fault-rates.js";

/** Plain data, so that cluster workers can send theirs to be summed. Every kind is present, 0 when none. */
export interface FaultStats {
  requests: number;
  /** By kind; a bare `--fault-rate R` counts under `http-<status>`. */
  faults: Record<string, number>;
}

export function emptyFaultStats(): FaultStats {
  const faults: Record<string, number> = {};
  for (const kind of FAULT_KINDS) faults[kind] = 0;
  return { requests: 0, faults };
}

/** Sums the counts of several workers (a kind missing from one counts 0 there). */
export function sumFaultStats(all: readonly FaultStats[]): FaultStats {
  const total = emptyFaultStats();
  for (const stats of all) {
    total.requests += stats.requests;
    for (const [kind, count] of Object.entries(stats.faults))
      total.faults[kind] = (total.faults[kind] ?? 0) + count;
  }
  return total;
}
