// The time limits and cancellation of one HTTP attempt: total, first-chunk and idle timers plus the caller's signal.
import { addAbortCallback, removeAbortCallback } from "../../core/abort-callbacks.js";
import type { GenerationError, GenerationStatus } from "../../core/generation.js";

export interface AttemptLimits {
  timeoutMs: number;
  firstChunkTimeoutMs: number | undefined;
  idleTimeoutMs: number | undefined;
}

export type TimeoutKind = "total" | "first-chunk" | "idle";

/** How long the rest of a body may take after `[DONE]` before it is cut (the answer is complete by then). */
const DRAIN_GRACE_MS = 1000;

/**
 * Calls `onStop` once when the caller's signal aborts, a limit passes, or a body runs on after `[DONE]`, and
 * remembers why, so the attempt can report "aborted" or "timeout" instead of the transport's error. Listens to the
 * caller's signal through `addAbortCallback` (no listener of its own), and `dispose` removes every timer and callback.
 */
export class AttemptGuard {
  readonly #onStop: () => void;
  readonly #limits: AttemptLimits;
  readonly #callerSignal: AbortSignal | undefined;
  /** The slot of `#onCallerAbort` on the caller's signal; -1 when none or removed. */
  #callerSlot: number;
  readonly #totalTimer: NodeJS.Timeout;
  #chunkTimer: NodeJS.Timeout | undefined;
  #hasChunk = false;
  #isDrainCut = false;
  stopStatus: Extract<GenerationStatus, "timeout" | "aborted"> | undefined;
  stopError: GenerationError | undefined;
  /** The limit that passed, when the stop was a timeout. */
  timeoutKind: TimeoutKind | undefined;

  readonly #onCallerAbort = (): void => {
    this.#stop("aborted", { code: "E_ABORTED", message: "The request was aborted by the caller." });
  };

  readonly #onTimeout = (kind: TimeoutKind): void => {
    const limitMs =
      kind === "total"
        ? this.#limits.timeoutMs
        : kind === "first-chunk"
          ? this.#limits.firstChunkTimeoutMs
          : this.#limits.idleTimeoutMs;
    const what =
      kind === "total"
        ? "The request took longer than"
        : kind === "first-chunk"
          ? "No response byte arrived within"
          : "The response stalled between chunks for more than";
    if (this.stopStatus === undefined) this.timeoutKind = kind;
    this.#stop("timeout", { code: "E_REQUEST_TIMEOUT", message: `${what} ${limitMs} ms (${kind} limit).` });
  };

  readonly #onDrainCut = (): void => {
    if (this.stopStatus !== undefined) return;
    this.#isDrainCut = true;
    this.#onStop();
  };

  /** Call `stopIfCallerAborted` once the owner is ready for `onStop`. */
  constructor(limits: AttemptLimits, callerSignal: AbortSignal | undefined, onStop: () => void) {
    this.#onStop = onStop;
    this.#limits = limits;
    this.#callerSignal = callerSignal;
    this.#callerSlot = callerSignal === undefined ? -1 : addAbortCallback(callerSignal, this.#onCallerAbort);
    this.#totalTimer = setTimeout(this.#onTimeout, limits.timeoutMs, "total");
    if (limits.firstChunkTimeoutMs !== undefined) {
      this.#chunkTimer = setTimeout(this.#onTimeout, limits.firstChunkTimeoutMs, "first-chunk");
    }
  }

  /** Stops at once (calls `onStop`) when the caller's signal aborted before the guard was listening. */
  stopIfCallerAborted(): void {
    if (this.#callerSignal?.aborted === true) this.#onCallerAbort();
  }

  /** Call on every body chunk: ends the first-chunk limit, then restarts the idle limit. */
  onChunk(): void {
    if (this.#hasChunk) {
      this.#chunkTimer?.refresh();
      return;
    }
    this.#hasChunk = true;
    if (this.#chunkTimer !== undefined) clearTimeout(this.#chunkTimer);
    this.#chunkTimer =
      this.#limits.idleTimeoutMs === undefined
        ? undefined
        : setTimeout(this.#onTimeout, this.#limits.idleTimeoutMs, "idle");
  }

  /** Call at `[DONE]`: from now on the body only gets a short grace to end, and is then cut without an error. */
  onDone(): void {
    if (this.#chunkTimer !== undefined) clearTimeout(this.#chunkTimer);
    this.#hasChunk = true;
    this.#chunkTimer = setTimeout(this.#onDrainCut, DRAIN_GRACE_MS);
  }

  /** True when the body was cut after `[DONE]`: the response itself is complete. */
  get isDrainCut(): boolean {
    return this.#isDrainCut;
  }

  dispose(): void {
    clearTimeout(this.#totalTimer);
    if (this.#chunkTimer !== undefined) clearTimeout(this.#chunkTimer);
    if (this.#callerSignal !== undefined && this.#callerSlot >= 0) {
      removeAbortCallback(this.#callerSignal, this.#callerSlot);
      this.#callerSlot = -1;
    }
  }

  #stop(status: "timeout" | "aborted", error: GenerationError): void {
    if (this.stopStatus !== undefined) return;
    this.stopStatus = status;
    this.stopError = error;
    this.#onStop();
  }
}
