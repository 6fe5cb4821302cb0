// The fault rates as cumulative bounds over one draw in [0, 1): which fault (if any) a request number gets.
import { FAULT_KINDS, type FaultKind, type FaultRates } from "../config/fault-rates.js";
import { faultDraw } from "./is-fault-request.js";

/** A fault kind, or `status`: the HTTP `--fault-status` of a bare rate. */
export type FaultChoice = FaultKind | "status";

export interface FaultTable {
  /** In order: the bare rate first (so that it faults exactly the requests `isFaultRequest` picks), then the kinds. */
  bounds: Array<{ choice: FaultChoice; upTo: number }>;
  total: number;
}

export function buildFaultTable(rates: FaultRates): FaultTable {
  const bounds: FaultTable["bounds"] = [];
  let total = 0;
  if (rates.statusRate > 0) {
    total += rates.statusRate;
    bounds.push({ choice: "status", upTo: total });
  }
  for (const kind of FAULT_KINDS) {
    const rate = rates.kinds[kind] ?? 0;
    if (rate <= 0) continue;
    total += rate;
    bounds.push({ choice: kind, upTo: total });
  }
  return { bounds, total };
}

/** The fault of request `requestNumber` (1-based): the entry whose band holds its draw, or undefined. */
export function pickFault(table: FaultTable, seed: number, requestNumber: number): FaultChoice | undefined {
  if (table.total <= 0) return undefined;
  const draw = faultDraw(seed, requestNumber);
  if (draw >= table.total) return undefined;
  for (const bound of table.bounds) if (draw < bound.upTo) return bound.choice;
  return table.bounds.at(-1)?.choice;
}
