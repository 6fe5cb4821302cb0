// The mock server's fault kinds and `--fault-rate` values (`KIND=R`, `all=R`, a bare `R`) read into one rate table.

/** Every fault the mock server can inject, in the order `/faults/stats` lists them. */
export const FAULT_KINDS = [
  "http-500",
  "http-502",
  "http-503",
  "http-429",
  "http-429-retry-after-seconds",
  "http-429-retry-after-date",
  "reset-before-response",
  "reset-mid-stream",
  "stall",
  "broken-json-chunk",
  "missing-done",
  "error-event",
  "html-200",
  "empty-body",
  "wrong-content-type",
  "oversized",
  "slow-trickle",
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/** Each kind's share of generation requests, and the share answered with `--fault-status` (a bare `R`). */
export interface FaultRates {
  kinds: Partial<Record<FaultKind, number>>;
  statusRate: number;
}

export type FaultRatesParse = { status: "ok"; rates: FaultRates } | { status: "error"; message: string };

const KINDS_HELP = `kinds: ${FAULT_KINDS.join(", ")}; or all=R (R spread evenly over every kind), or a bare R (HTTP --fault-status)`;

export function isFaultKind(name: string): name is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(name);
}

/**
 * Reads `--fault-rate` values. `all=R` gives every kind R/k unless the kind is named too; a named kind given twice
 * keeps its last rate; a bare R (the last one) goes to `--fault-status`. The rates must sum to at most 1.
 */
export function parseFaultRates(items: readonly string[]): FaultRatesParse {
  const kinds: Partial<Record<FaultKind, number>> = {};
  let allRate: number | undefined;
  let statusRate = 0;
  for (const item of items) {
    const equals = item.indexOf("=");
    const name = equals === -1 ? undefined : item.slice(0, equals).trim();
    const rateText = (equals === -1 ? item : item.slice(equals + 1)).trim();
    const rate = Number(rateText);
    if (rateText === "" || !Number.isFinite(rate) || rate < 0 || rate > 1)
      return {
        status: "error",
        message: `"${item}": the rate must be a number from 0 to 1 (KIND=R or R; ${KINDS_HELP})`,
      };
    if (name === undefined) statusRate = rate;
    else if (name === "all") allRate = rate;
    else if (isFaultKind(name)) kinds[name] = rate;
    else return { status: "error", message: `unknown fault kind "${name}" (${KINDS_HELP})` };
  }
  if (allRate !== undefined) {
    const share = allRate / FAULT_KINDS.length;
    for (const kind of FAULT_KINDS) kinds[kind] ??= share;
  }
  const total = statusRate + Object.values(kinds).reduce((sum, rate) => sum + rate, 0);
  if (total > 1 + 1e-9)
    return {
      status: "error",
      message: `the fault rates sum to ${Number(total.toFixed(6))}, more than 1; lower them (${KINDS_HELP})`,
    };
  return { status: "ok", rates: { kinds, statusRate } };
}
