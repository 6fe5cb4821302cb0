// What a profile session still has to send: all of it for a new run; for a `--resume`, the samples not yet graded,
// or the requests and time the earlier sessions did not use.
import type { ProfileOptions } from "../config/profile-options.js";
import { recordKey } from "../core/sample-record.js";
import { ConfigError } from "../errors.js";
import type { PlannedBenchmark } from "../runner/plan-benchmark.js";
import type { EarlierSessions } from "../session/open-session.js";

export interface RemainingLoad {
  /** Measured requests the earlier sessions sent (warmup not included). */
  measuredBefore: number;
  /** Time to schedule for; undefined: no time limit. */
  durationMs: number | undefined;
  /** A resumed benchmark: the samples with no `ok` record yet; undefined: every sample. */
  pendingSampleIds: string[] | undefined;
  /** The export index of this session's first request: the requests the earlier sessions sent. */
  indexBase: number;
}

export function remainingLoad(
  options: ProfileOptions,
  plan: PlannedBenchmark | undefined,
  session: EarlierSessions & { runDir: string },
): RemainingLoad {
  const durationMs = options.durationS === undefined ? undefined : options.durationS * 1000;
  if (session.index === 0)
    return { measuredBefore: 0, durationMs, pendingSampleIds: undefined, indexBase: 0 };
  const earlier = session.earlierSessions;
  const indexBase = earlier.reduce((sum, entry) => sum + (entry.requests_sent ?? 0), 0);
  if (plan !== undefined) {
    const name = plan.benchmark.name;
    const pending = plan.samples
      .filter(
        (sample) => session.previous.get(recordKey({ benchmark: name, id: sample.id }))?.status !== "ok",
      )
      .map((sample) => sample.id);
    if (pending.length === 0) throw nothingLeft(session.runDir, `every sample of ${name} is graded`);
    return { measuredBefore: 0, durationMs: undefined, pendingSampleIds: pending, indexBase };
  }
  // A session that ended early counts the measured lines found in the export (those in flight or not yet written
  // when it was killed are sent again).
  const measuredBefore = earlier.reduce(
    (sum, entry) =>
      sum + (entry.requests_measured ?? Math.max(0, (entry.requests_sent ?? 0) - options.warmup)),
    0,
  );
  const usedMs = earlier.reduce((sum, entry) => sum + (entry.duration_s ?? 0) * 1000, 0);
  const remainingMs = durationMs === undefined ? undefined : durationMs - usedMs;
  if (remainingMs !== undefined && remainingMs <= 0) {
    throw nothingLeft(session.runDir, `its ${options.durationS} s were used`);
  }
  return { measuredBefore, durationMs: remainingMs, pendingSampleIds: undefined, indexBase };
}

/** The measured requests of this session: what was asked for, less what earlier sessions sent. */
export function requestsToMeasure(
  options: ProfileOptions,
  workload: { kind: string; size: number },
  remaining: RemainingLoad,
  runDir: string,
): number | undefined {
  if (workload.kind === "benchmark") {
    // Each sample is asked once, however many requests were asked for (aiperf's docs ask for at least the size).
    return Math.min(options.numRequests ?? workload.size, workload.size);
  }
  if (options.numRequests === undefined && remaining.durationMs !== undefined) return undefined;
  const asked = options.numRequests ?? (Number.isFinite(workload.size) ? workload.size : 100);
  const requests = asked - remaining.measuredBefore;
  if (requests <= 0) throw nothingLeft(runDir, `all ${asked} requests were sent`);
  return requests;
}

function nothingLeft(runDir: string, what: string): ConfigError {
  return new ConfigError(
    `--resume ${runDir}: nothing is left to send (${what}). Start a new profile to measure again.`,
  );
}
