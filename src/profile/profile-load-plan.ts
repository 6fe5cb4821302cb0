// The load a profile (or one `--workers` share of it) runs: closed or open loop, request count, start offset.
import type { ProfileOptions } from "../config/profile-options.js";
import { createArrivalProcess } from "../engine/arrival-process.js";
import type { LoadMode } from "../engine/scheduler.js";

/** Which requests this process sends: all (`{index: 0, count: 1}`) or every `count`-th from `index`. */
export interface LoadSlice {
  index: number;
  count: number;
  /** This slice's closed-loop concurrency or open-loop in-flight cap (default: the options'). */
  concurrency?: number | undefined;
}

export interface ProfileLoadPlan {
  mode: LoadMode;
  /** Requests this slice sends (warmup included); undefined with a duration alone. */
  requestCount: number | undefined;
  /** Its first request is this long after the common t0 (open loop: the global gaps before its first index). */
  startOffsetMs: number;
  /** The global index of this slice's local request `local`. */
  globalIndex: (local: number) => number;
  /** Connections to open before t0 (see `prewarmConnectionCount`); none when absent. */
  prewarmConnections?: number;
}

export const WHOLE_LOAD: LoadSlice = { index: 0, count: 1 };

/** The slice's own share of `total` indices. */
export function sliceCount(total: number, slice: LoadSlice): number {
  return Math.max(0, Math.ceil((total - slice.index) / slice.count));
}

/**
 * The slice of slice `inner` of `outer`: a `--workers` process of one `--shard` (outer I of N, inner w of W) owns
 * the global indices I + N·w + N·W·k. The inner slice's concurrency is kept.
 */
export function composeSlices(outer: LoadSlice, inner: LoadSlice): LoadSlice {
  return {
    index: outer.index + outer.count * inner.index,
    count: outer.count * inner.count,
    concurrency: inner.concurrency,
  };
}

/**
 * The arrival times of a slice's requests as offsets from t0, in its order: every slice draws the whole seeded
 * arrival process and sums it in global order (offset of global request k = the sum of the first k gaps, request 0
 * at t0), keeping only its own indices (index, index + count, …). So the slices' offsets are exactly, to the last
 * bit, the one-process schedule's.
 */
export function sliceArrivals(
  options: Pick<ProfileOptions, "arrival" | "burstiness" | "seed"> & { requestRate: number },
  slice: LoadSlice = WHOLE_LOAD,
): () => { index: number; offsetMs: number } {
  const gap = createArrivalProcess({
    requestRate: options.requestRate,
    arrival: options.arrival,
    burstiness: options.burstiness,
    seed: options.seed,
  });
  let offsetMs = 0;
  let drawn = 0; // gaps drawn: offsetMs is global request `drawn`'s offset
  let target = slice.index;
  return () => {
    for (; drawn < target; drawn++) offsetMs += gap();
    const index = target;
    target += slice.count;
    return { index, offsetMs };
  };
}

/**
 * With an open loop the slice's gaps are the differences of its `sliceArrivals` offsets, and its first request is
 * `startOffsetMs` after t0: the slices' merged schedule is the one-process schedule.
 */
export function profileLoadPlan(
  options: ProfileOptions,
  totalRequests: number | undefined,
  slice: LoadSlice = WHOLE_LOAD,
): ProfileLoadPlan {
  const requestCount = totalRequests === undefined ? undefined : sliceCount(totalRequests, slice);
  const globalIndex = (local: number): number => slice.index + local * slice.count;
  if (options.requestRate === undefined) {
    const concurrency = slice.concurrency ?? options.concurrency ?? 1;
    const mode: LoadMode = { type: "closed", concurrency };
    return { mode, requestCount, startOffsetMs: 0, globalIndex, prewarmConnections: concurrency };
  }
  const next = sliceArrivals({ ...options, requestRate: options.requestRate }, slice);
  let lastOffsetMs = next().offsetMs;
  const startOffsetMs = lastOffsetMs;
  const nextGapMs = (): number => {
    const { offsetMs } = next();
    const gapMs = offsetMs - lastOffsetMs;
    lastOffsetMs = offsetMs;
    return gapMs;
  };
  const maxConcurrency = slice.concurrency ?? options.maxConcurrency;
  const mode: LoadMode = { type: "open", nextGapMs, maxConcurrency };
  const prewarmConnections = prewarmConnectionCount(options.requestRate / slice.count, maxConcurrency);
  return { mode, requestCount, startOffsetMs, globalIndex, prewarmConnections };
}

/** Open loop: the connections that absorb a stall of this long at the target rate without opening new ones. */
const PREWARM_WINDOW_S = 0.05;
const MIN_PREWARM_CONNECTIONS = 16;

/**
 * Connections an open loop opens before t0: enough for `PREWARM_WINDOW_S` of requests (250 at 5,000 req/s), at most
 * its cap. Without them every request due while all connections are busy opens one, and at thousands a second a
 * short stall of the client (GC, other processes) opened hundreds at once (2,339 in a 30,000-request run at 5,000
 * req/s), whose cost stalled the client again: send lag p99 ~26-160 ms, against ~6-14 ms with 250 opened first.
 */
export function prewarmConnectionCount(requestRate: number, maxConcurrency: number | undefined): number {
  const count = Math.max(MIN_PREWARM_CONNECTIONS, Math.ceil(requestRate * PREWARM_WINDOW_S));
  return Math.min(count, maxConcurrency ?? UNCAPPED_CONNECTIONS);
}

/**
 * Connections a backend needs for this plan: the concurrency, or the open loop's cap. An uncapped open loop gets a
 * large pool: undici opens connections only as requests need them, and a smaller pool would queue requests inside
 * undici after their send time, hiding the wait in the TTFT instead of reporting it as queue time.
 */
export function plannedConnections(plan: ProfileLoadPlan): number {
  if (plan.mode.type === "closed") return plan.mode.concurrency;
  return plan.mode.maxConcurrency ?? UNCAPPED_CONNECTIONS;
}

const UNCAPPED_CONNECTIONS = 4096;
