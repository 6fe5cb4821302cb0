// The worker pool's slots: never more than `size` tasks at once, waiting tasks start in arrival order, a failing
// task frees its slot.
import { describe, expect, it } from "vitest";
import { createWorkerSlots } from "./worker-slots.js";

function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe("createWorkerSlots", () => {
  it("runs at most `size` tasks at once, the rest in arrival order, and frees a slot when a task fails", async () => {
    const slots = createWorkerSlots(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      slots
        .run(async () => {
          started.push(index);
          await gate.promise;
          return index;
        })
        .catch((error: Error) => error.message),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    gates[1]?.reject(new Error("boom"));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3]);
    gates[2]?.resolve();
    gates[3]?.resolve();
    expect(await Promise.all(runs)).toEqual([0, "boom", 2, 3]);
  });

  it("rejects a size that is not a positive integer", () => {
    expect(() => createWorkerSlots(0)).toThrow(RangeError);
  });
});
