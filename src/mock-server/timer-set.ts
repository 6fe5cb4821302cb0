// The mock's pending timers, so that closing can settle every scheduled answer at once.

export class TimerSet {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();

  /** Runs `callback` after `delayMs` (a fraction of a millisecond is fine), or at `runAllNow`. */
  schedule(callback: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      callback();
    }, delayMs);
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
