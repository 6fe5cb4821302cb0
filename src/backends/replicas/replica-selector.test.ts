// The replica selection: least outstanding first, round robin among equals, out after connection errors in a row,
// a single probe after the cool-down, waiting while every replica is out.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROBE_FAILED, ReplicaSelector } from "./replica-selector.js";

describe("ReplicaSelector", () => {
  let clockMs = 0;
  const now = () => clockMs;
  beforeEach(() => {
    clockMs = 0;
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends to the replica with the fewest outstanding requests", () => {
    const selector = new ReplicaSelector(3, { ejectAfter: 3, cooldownMs: 1000, now });
    expect([selector.pick(), selector.pick(), selector.pick()]).toEqual([0, 1, 2]);
    selector.release(1, "answered");
    expect(selector.pick()).toBe(1);
    selector.release(0, "answered");
    selector.release(2, "answered");
    // 0 and 2 idle, 1 busy: never 1.
    expect([selector.pick(), selector.pick()].sort()).toEqual([0, 2]);
  });

  it("takes equally busy replicas in turn", () => {
    const selector = new ReplicaSelector(3, { ejectAfter: 3, cooldownMs: 1000, now });
    const picks: number[] = [];
    for (let round = 0; round < 6; round++) {
      const picked = selector.pick();
      if (picked === undefined) throw new Error("no replica");
      picks.push(picked);
      selector.release(picked, "answered");
    }
    expect(picks).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it("passes over the replicas a request already tried while another can take it", () => {
    const selector = new ReplicaSelector(2, { ejectAfter: 3, cooldownMs: 1000, now });
    selector.pick();
    // Replica 1 is busier, but the request already failed on 0.
    expect(selector.pick(new Set([0]))).toBe(1);
    expect(selector.pick(new Set([0, 1]))).toBe(0);
  });

  it("takes a replica out after N connection errors in a row, not after HTTP error answers", () => {
    const selector = new ReplicaSelector(2, { ejectAfter: 2, cooldownMs: 1000, now });
    for (let round = 0; round < 5; round++) {
      selector.pick();
      selector.release(0, "answered");
    }
    selector.pick(new Set([1]));
    selector.release(0, "connection-error");
    selector.pick(new Set([1]));
    selector.release(0, "answered");
    selector.pick(new Set([1]));
    selector.release(0, "connection-error");
    expect(selector.standing()[0]?.isInRotation).toBe(true);
    selector.pick(new Set([1]));
    selector.release(0, "connection-error");
    expect(selector.standing()[0]?.isInRotation).toBe(false);
    // Out: every request goes to 1, even a request that tried 1 already.
    expect([selector.pick(), selector.pick(new Set([1]))]).toEqual([1, 1]);
  });

  it("lets one probe through after the cool-down and puts the replica back when it answers", () => {
    const selector = new ReplicaSelector(2, { ejectAfter: 1, cooldownMs: 1000, now });
    selector.pick(new Set([1]));
    selector.release(0, "connection-error");
    selector.pick();
    selector.pick();
    expect(selector.standing()).toEqual([
      { outstanding: 0, isInRotation: false },
      { outstanding: 2, isInRotation: true },
    ]);
    clockMs = 1000;
    // The probe: replica 0 is idle and its cool-down has passed; the next request does not go there too.
    expect(selector.pick()).toBe(0);
    expect(selector.pick()).toBe(1);
    selector.release(0, "answered");
    expect(selector.standing()[0]).toEqual({ outstanding: 0, isInRotation: true });
    expect(selector.pick()).toBe(0);
  });

  it("rests a replica again when its probe fails", () => {
    const selector = new ReplicaSelector(2, { ejectAfter: 1, cooldownMs: 1000, now });
    selector.pick(new Set([1]));
    selector.release(0, "connection-error");
    // Replica 1 keeps one request in flight throughout.
    expect(selector.pick()).toBe(1);
    clockMs = 1000;
    expect(selector.pick()).toBe(0);
    selector.release(0, "connection-error");
    clockMs = 1500;
    expect(selector.pick()).toBe(1);
    selector.release(1, "answered");
    expect(selector.pick()).toBe(1);
    clockMs = 2000;
    expect(selector.pick()).toBe(0);
  });

  it("makes requests wait for the earliest cool-down when every replica is out", async () => {
    const selector = new ReplicaSelector(2, { ejectAfter: 1, cooldownMs: 1000, now });
    selector.pick();
    selector.pick();
    selector.release(0, "connection-error");
    clockMs = 400;
    selector.release(1, "connection-error");
    expect(selector.pick()).toBeUndefined();
    const first = selector.acquire(new Set());
    const second = selector.acquire(new Set());
    let settled = 0;
    void first.then(() => settled++);
    void second.then(() => settled++);
    clockMs = 999;
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(0);
    clockMs = 1000;
    await vi.advanceTimersByTimeAsync(1);
    // Replica 0's cool-down ended: one waiter probes it, the other still waits.
    expect(await first).toBe(0);
    expect(settled).toBe(1);
    selector.release(0, "answered");
    expect(await second).toBe(0);
  });

  it("tells the waiting requests when the probe they waited on fails", async () => {
    const selector = new ReplicaSelector(1, { ejectAfter: 1, cooldownMs: 1000, now });
    selector.pick();
    selector.release(0, "connection-error");
    const probe = selector.acquire(new Set());
    const waiting = selector.acquire(new Set());
    clockMs = 1000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await probe).toBe(0);
    selector.release(0, "connection-error");
    expect(await waiting).toBe(PROBE_FAILED);
  });

  it("stops waiting when the request is aborted", async () => {
    const selector = new ReplicaSelector(1, { ejectAfter: 1, cooldownMs: 1000, now });
    selector.pick();
    selector.release(0, "connection-error");
    const controller = new AbortController();
    const waiting = selector.acquire(new Set(), controller.signal);
    controller.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
  });
});
