// A `--workers` slice of an open loop keeps the exact one-process schedule; closed-loop slices split the count.
import { describe, expect, it } from "vitest";
import { type ProfileOptions, profileOptionsSchema } from "../config/profile-options.js";
import {
  composeSlices,
  type LoadSlice,
  prewarmConnectionCount,
  profileLoadPlan,
  sliceArrivals,
  sliceCount,
} from "./profile-load-plan.js";

const options = (input: Record<string, unknown>): ProfileOptions => profileOptionsSchema.parse(input);

/** Intended times (from t0) of the first `count` requests of a plan, by global index. */
function schedule(plan: ReturnType<typeof profileLoadPlan>, count: number): Map<number, number> {
  const times = new Map<number, number>();
  if (plan.mode.type !== "open") throw new Error("open loop expected");
  let atMs = plan.startOffsetMs;
  for (let local = 0; local < count; local++) {
    times.set(plan.globalIndex(local), atMs);
    atMs += plan.mode.nextGapMs();
  }
  return times;
}

describe("profileLoadPlan", () => {
  it("merges N open-loop slices into exactly the one-process schedule", () => {
    for (const arrival of ["poisson", "gamma", "constant"] as const) {
      const input = {
        requestRate: 700,
        arrival,
        seed: 11,
        ...(arrival === "gamma" ? { burstiness: 0.5 } : {}),
      };
      const whole = schedule(profileLoadPlan(options(input), 100), 100);
      const merged = new Map<number, number>();
      for (let index = 0; index < 3; index++) {
        const plan = profileLoadPlan(options(input), 100, { index, count: 3 });
        expect(plan.requestCount).toBe(sliceCount(100, { index, count: 3 }));
        for (const [at, timeMs] of schedule(plan, plan.requestCount ?? 0)) merged.set(at, timeMs);
      }
      expect(merged.size).toBe(100);
      for (const [index, timeMs] of whole) expect(merged.get(index)).toBeCloseTo(timeMs, 9);
    }
  });

  it("gives each shard (and each --workers process of a shard) its part of the one schedule, bit for bit", () => {
    const load = { requestRate: 80, arrival: "poisson" as const, burstiness: 1, seed: 42 };
    const total = 1_000;
    const wholeNext = sliceArrivals(load);
    const whole = Array.from({ length: total }, () => wholeNext());
    expect(whole.map((arrival) => arrival.index)).toEqual(Array.from({ length: total }, (_, index) => index));
    // 3 shards, the middle one split over 2 worker processes.
    const slices: LoadSlice[] = [
      { index: 0, count: 3 },
      composeSlices({ index: 1, count: 3 }, { index: 0, count: 2 }),
      composeSlices({ index: 1, count: 3 }, { index: 1, count: 2 }),
      { index: 2, count: 3 },
    ];
    const union = new Map<number, number>();
    for (const slice of slices) {
      const next = sliceArrivals(load, slice);
      for (let local = 0; local < sliceCount(total, slice); local++) {
        const { index, offsetMs } = next();
        expect(union.has(index)).toBe(false);
        union.set(index, offsetMs);
      }
    }
    expect(union.size).toBe(total);
    for (const { index, offsetMs } of whole) expect(union.get(index)).toBe(offsetMs);
    // The shard's plan starts at its first offset and steps by the differences of its own offsets.
    const plan = profileLoadPlan(options(load), total, { index: 2, count: 3 });
    expect(plan.startOffsetMs).toBe(whole[2]?.offsetMs);
    const times = schedule(plan, 5);
    expect(times.get(5)).toBeCloseTo(whole[5]?.offsetMs ?? Number.NaN, 9);
    expect(times.get(14)).toBeCloseTo(whole[14]?.offsetMs ?? Number.NaN, 9);
  });

  it("splits closed-loop counts and keeps each slice's concurrency; the cap of an open slice", () => {
    expect([0, 1, 2].map((index) => sliceCount(40, { index, count: 3 }))).toEqual([14, 13, 13]);
    expect(sliceCount(2, { index: 2, count: 3 })).toBe(0);
    const closed = profileLoadPlan(options({ concurrency: 6 }), 40, { index: 1, count: 3, concurrency: 2 });
    expect(closed.mode).toEqual({ type: "closed", concurrency: 2 });
    expect(closed.globalIndex(4)).toBe(13);
    const open = profileLoadPlan(options({ requestRate: 10, maxConcurrency: 8 }), 10, {
      index: 0,
      count: 2,
      concurrency: 4,
    });
    expect(open.mode).toMatchObject({ type: "open", maxConcurrency: 4 });
  });

  it("prewarms a closed loop's concurrency, and an open loop's 50 ms of requests within its cap", () => {
    expect(profileLoadPlan(options({ concurrency: 6 }), 40).prewarmConnections).toBe(6);
    expect(profileLoadPlan(options({ requestRate: 5000 }), 40).prewarmConnections).toBe(250);
    expect(
      profileLoadPlan(options({ requestRate: 5000 }), 40, { index: 1, count: 2 }).prewarmConnections,
    ).toBe(125);
    expect(profileLoadPlan(options({ requestRate: 5000, maxConcurrency: 64 }), 40).prewarmConnections).toBe(
      64,
    );
    expect(prewarmConnectionCount(10, undefined)).toBe(16);
    expect(prewarmConnectionCount(1e6, undefined)).toBe(4096);
  });
});
