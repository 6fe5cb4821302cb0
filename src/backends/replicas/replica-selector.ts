// Picks the replica of each request: least outstanding requests first (ties in turn), a replica out of rotation
// after consecutive connection errors, and back after a cool-down once one probe request gets an answer.

/** How a request on a replica ended, as rotation sees it. */
export type ReplicaOutcome =
  /** The replica answered (any HTTP answer, an error status too): it is alive. */
  | "answered"
  /** Refused, reset or cut: counts towards taking the replica out. */
  | "connection-error"
  /** Aborted or timed out: says nothing about the replica. */
  | "neutral";

/** What a waiting request gets when every replica is out and the probe it waited on failed: one failed try. */
export const PROBE_FAILED = "probe-failed";

export interface ReplicaSelectorOptions {
  /** Connection errors in a row that take a replica out of rotation. */
  ejectAfter: number;
  /** How long a replica stays out before one request probes it (ms). */
  cooldownMs: number;
  now?: () => number;
}

interface ReplicaState {
  outstanding: number;
  consecutiveErrors: number;
  /** Out of rotation until `retryAtMs`; then one probe request may go. */
  isOut: boolean;
  retryAtMs: number;
  isProbing: boolean;
}

interface Waiter {
  tried: ReadonlySet<number>;
  resolve: (picked: number | typeof PROBE_FAILED) => void;
}

export class ReplicaSelector {
  readonly #states: ReplicaState[];
  readonly #options: ReplicaSelectorOptions;
  readonly #now: () => number;
  readonly #waiters = new Set<Waiter>();
  /** Where the round robin over equally busy replicas starts next. */
  #cursor = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(count: number, options: ReplicaSelectorOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => performance.now());
    this.#states = Array.from({ length: count }, () => ({
      outstanding: 0,
      consecutiveErrors: 0,
      isOut: false,
      retryAtMs: 0,
      isProbing: false,
    }));
  }

  /**
   * The replica a request goes to now, or undefined when every replica is out (or probing). Replicas the request
   * already `tried` are passed over while another can take it. The pick counts as outstanding until `release`.
   */
  pick(tried: ReadonlySet<number> = new Set()): number | undefined {
    const now = this.#now();
    let best: number | undefined;
    let isBestTried = true;
    const count = this.#states.length;
    for (let step = 0; step < count; step++) {
      const index = (this.#cursor + step) % count;
      const state = this.#states[index];
      if (state === undefined || !this.#canTake(state, now)) continue;
      const isTried = tried.has(index);
      const bestState = best === undefined ? undefined : this.#states[best];
      const isBetter =
        bestState === undefined ||
        (isBestTried && !isTried) ||
        (isBestTried === isTried && state.outstanding < bestState.outstanding);
      if (isBetter) {
        best = index;
        isBestTried = isTried;
      }
    }
    if (best === undefined) return undefined;
    const state = this.#states[best];
    if (state === undefined) return undefined;
    if (state.isOut) state.isProbing = true;
    state.outstanding++;
    this.#cursor = (best + 1) % count;
    return best;
  }

  /** Like `pick`, but waits while every replica is out; gives PROBE_FAILED when a probe fails meanwhile. */
  acquire(tried: ReadonlySet<number>, signal?: AbortSignal): Promise<number | typeof PROBE_FAILED> {
    const picked = this.pick(tried);
    if (picked !== undefined) return Promise.resolve(picked);
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        tried,
        resolve: (value) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(value);
        },
      };
      const onAbort = () => {
        this.#waiters.delete(waiter);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiters.add(waiter);
      this.#armTimer();
    });
  }

  /** Ends a request `pick` or `acquire` sent to replica `index`. */
  release(index: number, outcome: ReplicaOutcome): void {
    const state = this.#states[index];
    if (state === undefined) return;
    state.outstanding--;
    const wasProbing = state.isProbing;
    if (outcome === "answered") {
      state.consecutiveErrors = 0;
      state.isOut = false;
      state.isProbing = false;
    } else if (outcome === "connection-error") {
      state.consecutiveErrors++;
      if (state.isOut || state.consecutiveErrors >= this.#options.ejectAfter) {
        state.isOut = true;
        state.isProbing = false;
        state.retryAtMs = this.#now() + this.#options.cooldownMs;
      }
    } else if (wasProbing) {
      // A probe that ended without telling (aborted): the next request probes again.
      state.isProbing = false;
    }
    this.#wake(wasProbing && outcome === "connection-error");
  }

  /** Each replica's standing: outstanding requests and whether it is in rotation (for progress and tests). */
  standing(): { outstanding: number; isInRotation: boolean }[] {
    return this.#states.map((state) => ({ outstanding: state.outstanding, isInRotation: !state.isOut }));
  }

  #canTake(state: ReplicaState, now: number): boolean {
    return !state.isOut || (!state.isProbing && now >= state.retryAtMs);
  }

  /** Hands a replica to each waiter that can have one; when a probe failed, the rest are told so. */
  #wake(hasProbeFailed: boolean): void {
    for (const waiter of this.#waiters) {
      const picked = this.pick(waiter.tried);
      if (picked === undefined && !hasProbeFailed) continue;
      this.#waiters.delete(waiter);
      waiter.resolve(picked ?? PROBE_FAILED);
    }
    this.#armTimer();
  }

  /** While requests wait, wakes them when the earliest cool-down ends. */
  #armTimer(): void {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#waiters.size === 0) return;
    const resting = this.#states.filter((state) => state.isOut && !state.isProbing);
    if (resting.length === 0) return;
    const wakeAtMs = Math.min(...resting.map((state) => state.retryAtMs));
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        this.#wake(false);
      },
      Math.max(0, wakeAtMs - this.#now()),
    );
  }
}
