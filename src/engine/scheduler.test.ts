// The load generator against an injected clock and timer: absolute target times, catch-up, caps, stop conditions.
import { describe, expect, it } from "vitest";
import { type Dispatch, type SetTimer, schedule } from "./scheduler.js";

/** A manual clock with one pending timer, fired by `advanceTo`. */
function fakeTime() {
  let timeMs = 1000;
  let pending: { atMs: number; callback: () => void } | undefined;
  const armed: number[] = [];
  const setTimer: SetTimer = (callback, delayMs) => {
    const entry = { atMs: timeMs + delayMs, callback };
    pending = entry;
    armed.push(delayMs);
    return () => {
      if (pending === entry) pending = undefined;
    };
  };
  return {
    now: () => timeMs,
    setTimer,
    armed,
    /** Moves the clock to `atMs` and fires the pending timer if it is due (possibly late, as a busy loop would). */
    async advanceTo(atMs: number) {
      timeMs = atMs;
      const due = pending;
      if (due !== undefined && due.atMs <= atMs) {
        pending = undefined;
        due.callback();
      }
      await new Promise((resolve) => setImmediate(resolve));
    },
    get hasTimer() {
      return pending !== undefined;
    },
  };
}

describe("schedule open loop", () => {
  it("sends at t0 + cumulative gaps; a late timer sends everything due with the original target times", async () => {
    const clock = fakeTime();
    const dispatches: (Dispatch & { atMs: number })[] = [];
    const done = schedule({
      mode: { type: "open", nextGapMs: () => 100 },
      requestCount: 5,
      now: clock.now,
      setTimer: clock.setTimer,
      send: async (dispatch) => {
        dispatches.push({ ...dispatch, atMs: clock.now() });
      },
    });
    expect(dispatches.map((entry) => entry.intendedMs)).toEqual([1000]);
    expect(clock.armed).toEqual([100]);
    // The timer fires 250 ms late: requests 1, 2 and 3 (due at 1100, 1200, 1300) go at once.
    await clock.advanceTo(1350);
    expect(dispatches.map((entry) => [entry.intendedMs, entry.atMs])).toEqual([
      [1000, 1000],
      [1100, 1350],
      [1200, 1350],
      [1300, 1350],
    ]);
    // The next timer aims at the absolute target 1400, not 1350 + 100.
    expect(clock.armed.at(-1)).toBe(50);
    await clock.advanceTo(1400);
    const result = await done;
    expect(dispatches.map((entry) => entry.index)).toEqual([0, 1, 2, 3, 4]);
    expect(result).toMatchObject({ startMs: 1000, sent: 5, isInterrupted: false });
  });

  it("a later startMs delays the whole schedule, and the duration counts from it", async () => {
    const clock = fakeTime();
    const intended: number[] = [];
    const done = schedule({
      mode: { type: "open", nextGapMs: () => 100 },
      durationMs: 250,
      startMs: 1500,
      now: clock.now,
      setTimer: clock.setTimer,
      send: async (dispatch) => {
        intended.push(dispatch.intendedMs);
      },
    });
    expect(intended).toEqual([]);
    expect(clock.armed).toEqual([500]);
    for (const atMs of [1500, 1600, 1700, 1800]) await clock.advanceTo(atMs);
    expect(intended).toEqual([1500, 1600, 1700]);
    expect(await done).toMatchObject({ startMs: 1500, sent: 3 });
  });

  it("holds requests beyond maxConcurrency in a FIFO and reports when each became ready", async () => {
    const clock = fakeTime();
    const releases: (() => void)[] = [];
    const dispatches: Dispatch[] = [];
    const done = schedule({
      mode: { type: "open", nextGapMs: () => 10, maxConcurrency: 1 },
      requestCount: 3,
      now: clock.now,
      setTimer: clock.setTimer,
      send: (dispatch) => {
        dispatches.push(dispatch);
        return new Promise<void>((resolve) => releases.push(resolve));
      },
    });
    await clock.advanceTo(1025);
    expect(dispatches).toHaveLength(1);
    await clock.advanceTo(1040);
    releases[0]?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(dispatches[1]).toEqual({ index: 1, intendedMs: 1010, readyMs: 1040 });
    await clock.advanceTo(1050);
    releases[1]?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(dispatches[2]).toEqual({ index: 2, intendedMs: 1020, readyMs: 1050 });
    releases[2]?.();
    expect((await done).sent).toBe(3);
  });

  it("stops scheduling at the duration", async () => {
    const clock = fakeTime();
    let sent = 0;
    const done = schedule({
      mode: { type: "open", nextGapMs: () => 30 },
      durationMs: 100,
      now: clock.now,
      setTimer: clock.setTimer,
      send: async () => {
        sent++;
      },
    });
    for (let atMs = 1030; atMs <= 1120; atMs += 30) await clock.advanceTo(atMs);
    const result = await done;
    expect(sent).toBe(4); // 1000, 1030, 1060, 1090
    expect(result.sent).toBe(4);
    expect(clock.hasTimer).toBe(false);
  });

  it("an abort stops scheduling and drops requests waiting for a slot", async () => {
    const clock = fakeTime();
    const controller = new AbortController();
    const releases: (() => void)[] = [];
    const done = schedule({
      mode: { type: "open", nextGapMs: () => 1, maxConcurrency: 1 },
      requestCount: 100,
      signal: controller.signal,
      now: clock.now,
      setTimer: clock.setTimer,
      send: () => new Promise<void>((resolve) => releases.push(resolve)),
    });
    await clock.advanceTo(1010);
    controller.abort();
    releases[0]?.();
    const result = await done;
    expect(result).toMatchObject({ sent: 1, isInterrupted: true });
  });
});

describe("schedule closed loop", () => {
  it("keeps exactly N in flight and sends the requested count", async () => {
    let inFlight = 0;
    let peak = 0;
    const indices: number[] = [];
    const result = await schedule({
      mode: { type: "closed", concurrency: 4 },
      requestCount: 50,
      send: async ({ index, intendedMs, readyMs }) => {
        expect(readyMs).toBe(intendedMs);
        indices.push(index);
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setImmediate(resolve));
        inFlight--;
      },
    });
    expect(result.sent).toBe(50);
    expect(peak).toBe(4);
    expect(new Set(indices).size).toBe(50);
  });

  it("waits for a later startMs before the first request", async () => {
    const clock = fakeTime();
    const sentAt: number[] = [];
    const done = schedule({
      mode: { type: "closed", concurrency: 2 },
      requestCount: 2,
      startMs: 1200,
      now: clock.now,
      setTimer: clock.setTimer,
      send: async () => {
        sentAt.push(clock.now());
      },
    });
    expect(sentAt).toEqual([]);
    await clock.advanceTo(1200);
    await done;
    expect(sentAt).toEqual([1200, 1200]);
  });
});

describe("schedule graceful stop", () => {
  it("a stop lets requests in flight end within the grace period and sends nothing new", async () => {
    const controller = new AbortController();
    const ended: number[] = [];
    const releases: (() => void)[] = [];
    const done = schedule({
      mode: { type: "closed", concurrency: 3 },
      requestCount: 100,
      signal: controller.signal,
      graceMs: 60_000,
      send: async ({ index }, inFlight) => {
        await new Promise<void>((resolve) => releases.push(resolve));
        ended.push(index);
        expect(inFlight.aborted).toBe(false);
      },
    });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    for (const release of releases) release();
    const result = await done;
    expect(result).toMatchObject({ sent: 3, isInterrupted: true });
    expect(ended.sort()).toEqual([0, 1, 2]);
  });

  it("cancels the requests still in flight when the grace period ends", async () => {
    const controller = new AbortController();
    const reasons: unknown[] = [];
    const done = schedule({
      mode: { type: "open", nextGapMs: () => 1_000_000 },
      requestCount: 2,
      signal: controller.signal,
      graceMs: 5,
      send: (_dispatch, inFlight) =>
        new Promise<void>((resolve) => {
          inFlight.addEventListener("abort", () => {
            reasons.push(inFlight.reason);
            resolve();
          });
        }),
    });
    controller.abort(new Error("stop now"));
    const result = await done;
    expect(result).toMatchObject({ sent: 1, isInterrupted: true });
    expect(reasons).toHaveLength(1);
    expect((reasons[0] as Error).message).toBe("stop now");
  });
});
