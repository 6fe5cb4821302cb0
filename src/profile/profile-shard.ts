// A multi-client profile's shard (`profile --shard I/N --start-at ISO-TIME`): which part of the one global load this
// client sends, and the load's t0 (`--start-at`, a wall-clock time) on this process's `now()` clock.
//
// Every shard draws the whole seeded schedule (request times and workload items, as one unsharded client would) and
// sends the requests whose global index i has i mod N == I. Open loop: at their absolute times from the common t0,
// so the N clients together send one Poisson (or gamma, or constant) process at --request-rate; a --max-concurrency
// cap is split between the shards (no client sees another's requests in flight). Closed loop: --concurrency is the
// total over the shards, split as evenly as it goes (each at least one). --start-at is needed with --shard either
// way: the shards' export times count from it, one time axis for `merge`.
import type { ProfileOptions } from "../config/profile-options.js";
import { ConfigError } from "../errors.js";
import { splitEvenly } from "../load-workers/split-load.js";
import { formatShard, resolveShardOptions, type Shard } from "../stats/shard.js";
import { type LoadSlice, WHOLE_LOAD } from "./profile-load-plan.js";

export interface ProfileShard {
  /** undefined: an unsharded profile. */
  shard: Shard | undefined;
  /** The requests this client sends, with its share of the concurrency (`WHOLE_LOAD` unsharded). */
  slice: LoadSlice;
}

export function resolveProfileShard(options: ProfileOptions, env: NodeJS.ProcessEnv): ProfileShard {
  const shard = resolveShardOptions(options, env);
  if (shard === undefined) return { shard, slice: WHOLE_LOAD };
  const isOpen = options.requestRate !== undefined;
  const total = isOpen ? options.maxConcurrency : (options.concurrency ?? 1);
  if (total !== undefined && total < shard.count) {
    const flag = isOpen ? "--max-concurrency" : "--concurrency";
    throw new ConfigError(
      `--shard ${formatShard(shard)}: ${flag} ${total} is the total over the ${shard.count} shards, and each needs at ` +
        `least one request in flight; give ${flag} ${shard.count} or more.`,
    );
  }
  const concurrency = total === undefined ? undefined : splitEvenly(total, shard.count)[shard.index];
  return { shard, slice: { index: shard.index, count: shard.count, concurrency } };
}

/** How late a client may start past `--start-at` (it then sends what is due at once) before it refuses. */
export const START_AT_TOLERANCE_MS = 1_000;

/**
 * `--start-at` on the `now()` clock: translated once from the wall clock (`clock`) read beside `now()`. A time
 * already past by more than `START_AT_TOLERANCE_MS` is refused: the shard would burst its overdue requests.
 */
export function startAtOnClock(
  startAt: string,
  clocks: { now: () => number; clock: () => Date },
  when = "the profile started",
): number {
  const startAtEpochMs = Date.parse(startAt);
  const nowMs = clocks.now();
  const aheadMs = startAtEpochMs - clocks.clock().getTime();
  if (aheadMs < -START_AT_TOLERANCE_MS) throw lateStartError(startAt, -aheadMs, when);
  return nowMs + aheadMs;
}

/** A client that would start `lateMs` after `--start-at`: refused (before anything is sent). */
export function lateStartError(startAt: string, lateMs: number, when: string): ConfigError {
  return new ConfigError(
    `--start-at ${startAt} was ${(lateMs / 1000).toFixed(1)} s ago when ${when}: give every client the same time ` +
      "far enough ahead for all of them to be ready (data loaded, client warmed up), e.g. a minute.",
  );
}

/** run.json's `shard`: the resolved "I/N" (never "auto"), or what was given when unsharded (undefined). */
export function shardConfig(profileShard: ProfileShard): { shard?: string } {
  return profileShard.shard === undefined ? {} : { shard: formatShard(profileShard.shard) };
}

/**
 * The shard that asks the benchmark sample at `position` of the plan: measured request i asks sample i − warmup (a
 * profile asks each sample once) and shard i mod N sends request i.
 */
export function sampleShardIndex(position: number, warmup: number, count: number): number {
  return (warmup + position) % count;
}

/** The ids of the planned samples shard `shard` asks, in plan order. */
export function shardSampleIds(samples: readonly { id: string }[], warmup: number, shard: Shard): string[] {
  return samples
    .filter((_, position) => sampleShardIndex(position, warmup, shard.count) === shard.index)
    .map((sample) => sample.id);
}
