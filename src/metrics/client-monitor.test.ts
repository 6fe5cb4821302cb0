import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { clientBoundReasons, describeClientMonitor, startClientMonitor } from "./client-monitor.js";

/** Blocks the event loop in slices of `sliceMs` for `totalMs`, as a client that cannot keep up would. */
async function busyLoop(totalMs: number, sliceMs: number): Promise<void> {
  const endMs = performance.now() + totalMs;
  while (performance.now() < endMs) {
    const sliceEndMs = Math.min(endMs, performance.now() + sliceMs);
    while (performance.now() < sliceEndMs) {
      // spin
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe("startClientMonitor", () => {
  it("flags a client whose event loop is blocked and whose CPU is busy", async () => {
    // The loop delay is measured for real (a 40 ms block delays the loop by at least that, however busy the
    // machine); the CPU share is injected, since a loaded machine may give the spinning test less than a core.
    let nowMs = 0;
    let cpuMicroseconds = 0;
    const monitor = startClientMonitor({
      now: () => nowMs,
      cpuUsage: () => ({ user: cpuMicroseconds, system: 0 }),
    });
    await busyLoop(600, 40);
    nowMs = 1_000;
    cpuMicroseconds = 900_000;
    const report = monitor.stop();
    expect(report.loopDelayP99Ms).toBeGreaterThan(10);
    expect(report.cpuCores).toBeCloseTo(0.9, 9);
    expect(report.isClientBound).toBe(true);
    expect(report.reasons).toHaveLength(2);
    expect(describeClientMonitor(report).join("\n")).toMatch(/client-bound.*\n.*--workers N/);
  });

  it("does not flag an idle client", async () => {
    // A generous loop-delay bound: on a loaded 2-core box an idle process's timers can run 10+ ms late.
    const monitor = startClientMonitor({ thresholds: { loopDelayP99Ms: 200, cpuCores: 0.75 } });
    await sleep(400);
    const report = monitor.stop();
    expect(report.cpuCores).toBeLessThan(0.5);
    expect(report.isClientBound).toBe(false);
    expect(describeClientMonitor(report)).toEqual([]);
  });

  it("measures CPU over wall time with injected clocks", () => {
    let nowMs = 0;
    let cpuMicroseconds = 0;
    const monitor = startClientMonitor({
      now: () => nowMs,
      cpuUsage: () => ({ user: cpuMicroseconds * 0.75, system: cpuMicroseconds * 0.25 }),
    });
    nowMs = 2_000;
    cpuMicroseconds = 1_000_000;
    expect(monitor.stop().cpuCores).toBeCloseTo(0.5, 9);
  });
});

describe("clientBoundReasons", () => {
  it("fires above 10 ms of loop delay p99 or 0.75 of a core, not at them", () => {
    expect(clientBoundReasons(10, 0.75)).toEqual([]);
    expect(clientBoundReasons(null, 0.1)).toEqual([]);
    expect(clientBoundReasons(10.5, 0.2)).toEqual(["event-loop delay p99 10.5 ms > 10 ms"]);
    expect(clientBoundReasons(1, 0.9)).toEqual(["client CPU 0.90 cores > 0.75"]);
  });
});
