// The default backoff sleep: a timer that an abort interrupts (it rejects with the signal's AbortError).
import { setTimeout as sleepFor } from "node:timers/promises";

/** Waits `durationMs`; must reject when `signal` aborts. Tests pass an instant or recording one. */
export type Sleep = (durationMs: number, signal?: AbortSignal) => Promise<void>;

export const abortableSleep: Sleep = (durationMs, signal) =>
  sleepFor(durationMs, undefined, signal === undefined ? undefined : { signal });
