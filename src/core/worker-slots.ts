// A fixed number of slots taken in arrival order: executions wait for a free worker instead of all starting at once.

export interface WorkerSlots {
  /** Runs `task` when a slot is free; the slot is released when it settles. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function createWorkerSlots(size: number): WorkerSlots {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`worker slots: ${size} is not a positive integer`);
  let free = size;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next === undefined) free++;
    else next();
  };
  return {
    size,
    async run(task) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
