// Tests the shared-listener abort callbacks: each called once on abort, removed ones never, one listener per signal.
import { describe, expect, it } from "vitest";
import { addAbortCallback, removeAbortCallback } from "./abort-callbacks.js";

describe("abort callbacks", () => {
  it("calls every callback still added, once, when the signal aborts", () => {
    const controller = new AbortController();
    const calls: string[] = [];
    const first = (): void => void calls.push("first");
    const second = (): void => void calls.push("second");
    const removed = (): void => void calls.push("removed");
    addAbortCallback(controller.signal, first);
    const removedSlot = addAbortCallback(controller.signal, removed);
    addAbortCallback(controller.signal, second);
    removeAbortCallback(controller.signal, removedSlot);
    // The freed slot is reused.
    expect(addAbortCallback(controller.signal, () => void calls.push("reusing"))).toBe(removedSlot);
    controller.abort();
    controller.abort();
    expect(calls).toEqual(["first", "reusing", "second"]);
  });

  it("keeps signals apart and adds a single listener however many callbacks come and go", () => {
    const one = new AbortController();
    const other = new AbortController();
    let added = 0;
    const addEventListener = one.signal.addEventListener.bind(one.signal);
    one.signal.addEventListener = (...args: Parameters<AbortSignal["addEventListener"]>) => {
      added++;
      addEventListener(...args);
    };
    let oneCalls = 0;
    let otherCalls = 0;
    for (let index = 0; index < 1000; index++) {
      const slot = addAbortCallback(one.signal, () => void oneCalls++);
      if (index % 2 === 0) removeAbortCallback(one.signal, slot);
    }
    addAbortCallback(other.signal, () => void otherCalls++);
    one.abort();
    expect(added).toBe(1);
    expect(oneCalls).toBe(500);
    expect(otherCalls).toBe(0);
    other.abort();
    expect(otherCalls).toBe(1);
  });

  it("a callback that adds another during the abort does not run it in the same abort", () => {
    const controller = new AbortController();
    let late = 0;
    addAbortCallback(controller.signal, () => addAbortCallback(controller.signal, () => void late++));
    controller.abort();
    expect(late).toBe(0);
  });
});
