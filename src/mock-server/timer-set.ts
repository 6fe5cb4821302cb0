// The mock's pending timers, on absolute deadlines of its own clock, so that closing can settle every scheduled
// answer at once.

export class TimerSet {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly now: () => number;

  /** `now`: the clock deadlines are on (the mock's `performance.now()`). */
  constructor(now: () => number) {
    this.now = now;
  }

  /**
   * Runs `callback` once the clock has reached `deadlineMs`, or at `runAllNow`. Node measures a timer's delay from
   * its event loop's cached time, which lags the clock by the loop's current turn, so on a busy process a timer can
   * fire a few milliseconds early: it is then set again for what is left, and no answer goes out before its deadline.
   */
  scheduleAt(callback: () => void, deadlineMs: number): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.now() < deadlineMs) this.scheduleAt(callback, deadlineMs);
        else callback();
      },
      Math.max(0, deadlineMs - this.now()),
    );
    this.timers.set(timer, callback);
  }

  /** Clears every pending timer and runs its callback at once. */
  runAllNow(): void {
    const callbacks = [...this.timers.values()];
    for (const timer of this.timers.keys()) clearTimeout(timer);
    this.timers.clear();
    for (const callback of callbacks) callback();
  }

  get size(): number {
    return this.timers.size;
  }
}
