// The one scheduler of `run`, `profile` and the client warm-up: a closed loop (N in flight) or an open loop that
// sends each request at an absolute target time (t0 + cumulative interarrival gaps) from one re-armed timer,
// optionally capped in flight; a stop ends scheduling and gives the requests in flight a grace period.
import { setMaxListeners } from "node:events";

/** One request handed to `send`: its index and its times on the `now()` clock (ms). */
export interface Dispatch {
  index: number;
  /** When the schedule wanted it sent (open loop), or when a closed-loop worker took it. */
  intendedMs: number;
  /** When it could go: `intendedMs`, or later when it waited for a `maxConcurrency` slot. */
  readyMs: number;
}

export type LoadMode =
  | { type: "closed"; concurrency: number }
  | { type: "open"; nextGapMs: () => number; maxConcurrency?: number | undefined };

/** Arms a one-shot timer; returns its cancel function. */
export type SetTimer = (callback: () => void, delayMs: number) => () => void;

export interface ScheduleOptions {
  mode: LoadMode;
  /** Requests to send in all (at least one of `requestCount` and `durationMs`). */
  requestCount?: number | undefined;
  /** No request is scheduled at or after t0 + durationMs. */
  durationMs?: number | undefined;
  /**
   * Sends one request and resolves when it has ended; must not reject. `inFlight` is aborted when a stop's grace
   * period ends: pass it to the request so that it is cancelled then.
   */
  send: (dispatch: Dispatch, inFlight: AbortSignal) => Promise<void>;
  /** Aborting stops scheduling; requests already sent get `graceMs` to end before `inFlight` cancels them. */
  signal?: AbortSignal | undefined;
  /** How long requests in flight may still end after a stop (default 5,000 ms). */
  graceMs?: number | undefined;
  now?: (() => number) | undefined;
  setTimer?: SetTimer | undefined;
  /**
   * t0 on the `now()` clock (default: now). A later t0 delays the start (several processes starting one schedule
   * together); `durationMs` counts from it.
   */
  startMs?: number | undefined;
}

export interface ScheduleResult {
  startMs: number;
  /** Requests handed to `send`. */
  sent: number;
  isInterrupted: boolean;
}

const defaultSetTimer: SetTimer = (callback, delayMs) => {
  const timer = setTimeout(callback, Math.max(0, delayMs));
  return () => clearTimeout(timer);
};

const DEFAULT_GRACE_MS = 5_000;

export function schedule(options: ScheduleOptions): Promise<ScheduleResult> {
  const { mode, send, signal } = options;
  const now = options.now ?? (() => performance.now());
  const setTimer = options.setTimer ?? defaultSetTimer;
  const requestCount = options.requestCount ?? Number.POSITIVE_INFINITY;
  const durationMs = options.durationMs ?? Number.POSITIVE_INFINITY;
  if (!Number.isFinite(requestCount) && !Number.isFinite(durationMs)) {
    throw new RangeError("schedule needs a request count or a duration");
  }
  const startMs = options.startMs ?? now();
  const endMs = startMs + durationMs;
  let issued = 0;
  let inFlight = 0;
  let started = 0;
  let isStopped = false;
  let cancelTimer: (() => void) | undefined;
  // Every request in flight watches this one signal (through the backends' abort-callback slots).
  const inFlightController = new AbortController();
  const inFlightSignal = inFlightController.signal;
  setMaxListeners(0, inFlightSignal);
  let graceTimer: NodeJS.Timeout | undefined;
  // Requests waiting for a concurrency slot (open loop with a cap): index and intended time, FIFO.
  const waitingIndex: number[] = [];
  const waitingIntended: number[] = [];
  let waitingHead = 0;

  return new Promise<ScheduleResult>((resolve) => {
    const finishIfDone = (): void => {
      if (isStopped && inFlight === 0 && waitingHead === waitingIndex.length) {
        signal?.removeEventListener("abort", onAbort);
        if (graceTimer !== undefined) clearTimeout(graceTimer);
        resolve({ startMs, sent: started, isInterrupted: signal?.aborted === true });
      }
    };
    const isExhausted = (intendedMs: number): boolean => issued >= requestCount || intendedMs >= endMs;

    const start = (index: number, intendedMs: number, readyMs: number): void => {
      inFlight++;
      started++;
      void send({ index, intendedMs, readyMs }, inFlightSignal).then(onEnd, onEnd);
    };

    const onEnd = (): void => {
      inFlight--;
      if (mode.type === "closed") {
        if (!isStopped) takeClosed();
      } else if (waitingHead < waitingIndex.length && signal?.aborted !== true) {
        const index = waitingIndex[waitingHead] ?? 0;
        const intendedMs = waitingIntended[waitingHead] ?? 0;
        waitingHead++;
        if (waitingHead > 4096 && waitingHead * 2 > waitingIndex.length) {
          waitingIndex.splice(0, waitingHead);
          waitingIntended.splice(0, waitingHead);
          waitingHead = 0;
        }
        start(index, intendedMs, now());
      }
      finishIfDone();
    };

    const takeClosed = (): void => {
      const timeMs = now();
      if (isExhausted(timeMs)) {
        isStopped = true;
        return;
      }
      start(issued++, timeMs, timeMs);
    };

    let nextIntendedMs = startMs;
    const tick = (): void => {
      cancelTimer = undefined;
      if (mode.type !== "open" || isStopped) return;
      const cap = mode.maxConcurrency ?? Number.POSITIVE_INFINITY;
      const timeMs = now();
      while (nextIntendedMs <= timeMs) {
        if (isExhausted(nextIntendedMs)) {
          isStopped = true;
          finishIfDone();
          return;
        }
        const index = issued++;
        if (inFlight >= cap) {
          waitingIndex.push(index);
          waitingIntended.push(nextIntendedMs);
        } else {
          start(index, nextIntendedMs, nextIntendedMs);
        }
        nextIntendedMs += mode.nextGapMs();
      }
      if (isExhausted(nextIntendedMs)) {
        isStopped = true;
        finishIfDone();
        return;
      }
      cancelTimer = setTimer(tick, nextIntendedMs - now());
    };

    const onAbort = (): void => {
      isStopped = true;
      cancelTimer?.();
      cancelTimer = undefined;
      // Requests still waiting for a slot are never sent.
      waitingIndex.length = waitingHead;
      if (inFlight > 0) {
        graceTimer = setTimeout(
          () => inFlightController.abort(signal?.reason),
          options.graceMs ?? DEFAULT_GRACE_MS,
        );
      }
      finishIfDone();
    };
    if (signal?.aborted === true) {
      isStopped = true;
      finishIfDone();
      return;
    }
    signal?.addEventListener("abort", onAbort, { once: true });

    if (mode.type === "closed") {
      const begin = (): void => {
        cancelTimer = undefined;
        const workers = Math.max(1, Math.floor(mode.concurrency));
        for (let worker = 0; worker < workers && !isStopped; worker++) takeClosed();
        finishIfDone();
      };
      const waitMs = startMs - now();
      if (waitMs > 0) cancelTimer = setTimer(begin, waitMs);
      else begin();
    } else {
      tick();
    }
  });
}
