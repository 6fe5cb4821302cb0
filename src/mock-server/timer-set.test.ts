// TimerSet runs a callback at an absolute deadline of the mock's clock: a timer that Node fires before the clock has
// reached it (its delay is measured from a cached loop time) is set again, so nothing runs early.
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { TimerSet } from "./timer-set.js";

describe("TimerSet", () => {
  it("does not run a callback whose timer fired before the clock reached its deadline", async () => {
    let clock = 0;
    const timers = new TimerSet(() => clock);
    const ran: number[] = [];
    timers.scheduleAt(() => ran.push(clock), 5);
    // The timer fires (5 ms of real time) while the clock still reads 0: it is set again, nothing runs.
    await sleep(30);
    expect(ran).toEqual([]);
    expect(timers.size).toBe(1);
    clock = 5;
    await sleep(30);
    expect(ran).toEqual([5]);
    expect(timers.size).toBe(0);
  });

  it("runs every pending callback at once on runAllNow", () => {
    const timers = new TimerSet(() => 0);
    const ran: string[] = [];
    timers.scheduleAt(() => ran.push("a"), 1_000);
    timers.scheduleAt(() => ran.push("b"), 2_000);
    timers.runAllNow();
    expect(ran).toEqual(["a", "b"]);
    expect(timers.size).toBe(0);
  });
});
