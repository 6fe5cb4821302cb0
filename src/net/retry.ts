// Runs an attempt again while the caller says its failure is retryable, with openai-node's waits; aborts are never retried.
import { abortableSleep, type Sleep } from "./abortable-sleep.js";
import { retryDelayMs } from "./retry-delay.js";

/** What the caller says about one failed attempt: retry it or not, and the wait the server asked for. */
export interface RetryAdvice {
  readonly isRetryable: boolean;
  /** The wait the server asked for in ms (`parseRetryAfter`); honoured only within 0–60 s. */
  readonly retryAfterMs?: number | undefined;
}

/** openai-node's default (`maxRetries ?? 2`). */
export const DEFAULT_MAX_RETRIES = 2;

export interface RetryOptions<T> {
  /** Retries after the first attempt (`--max-retries`). Default 2. */
  maxRetries?: number | undefined;
  /** Checked before every attempt and after every failure; it also cuts the backoff sleep short. */
  signal?: AbortSignal | undefined;
  sleep?: Sleep | undefined;
  /** Jitter source in [0, 1). Default `Math.random`. */
  random?: (() => number) | undefined;
  /**
   * For an attempt that resolved with a value that may be a failure (results as data): the advice, or undefined
   * when the value is final. Without it every resolved value is final.
   */
  adviceForValue?: ((value: T) => RetryAdvice | undefined) | undefined;
  /** For an attempt that threw. Default: the error's own `isRetryable` / `retryAfterMs` (`adviceCarriedBy`). */
  adviceForError?: ((error: unknown) => RetryAdvice | undefined) | undefined;
}

/** The advice an error carries itself (ApiCallError and the errors of `src/net/` do); undefined for others. */
export function adviceCarriedBy(error: unknown): RetryAdvice | undefined {
  if (!(error instanceof Error)) return undefined;
  const { isRetryable, retryAfterMs } = error as Error & { isRetryable?: unknown; retryAfterMs?: unknown };
  if (typeof isRetryable !== "boolean") return undefined;
  return { isRetryable, retryAfterMs: typeof retryAfterMs === "number" ? retryAfterMs : undefined };
}

/**
 * Calls `attempt(1)`, then `attempt(2)`… while the advice says retryable and retries remain, sleeping
 * `retryDelayMs` between attempts. Resolves with the last value (a final one, or the last failure when the retries
 * ran out); rejects with the last error when that was thrown. An abort is never retried: when `signal` aborts
 * after an attempt that resolved — at once or during the sleep that follows — that value is returned as it is;
 * before the first attempt, or after one that threw, `retry` rejects with `signal.reason`.
 */
export async function retry<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions<T> = {},
): Promise<T> {
  const maxRetries = Math.max(0, options.maxRetries ?? DEFAULT_MAX_RETRIES);
  const { signal } = options;
  const sleep = options.sleep ?? abortableSleep;
  for (let attemptNumber = 1; ; attemptNumber++) {
    signal?.throwIfAborted();
    let advice: RetryAdvice | undefined;
    let failedValue: { value: T } | undefined;
    try {
      const value = await attempt(attemptNumber);
      advice = options.adviceForValue?.(value);
      if (advice?.isRetryable !== true || attemptNumber > maxRetries || signal?.aborted === true)
        return value;
      failedValue = { value };
    } catch (error) {
      signal?.throwIfAborted();
      advice = (options.adviceForError ?? adviceCarriedBy)(error);
      if (advice?.isRetryable !== true || attemptNumber > maxRetries) throw error;
    }
    const delayMs = retryDelayMs(attemptNumber - 1, advice.retryAfterMs, options.random ?? Math.random);
    try {
      await sleep(delayMs, signal);
    } catch (error) {
      if (signal?.aborted === true) {
        if (failedValue !== undefined) return failedValue.value;
        throw signal.reason;
      }
      throw error;
    }
    if (failedValue !== undefined && signal?.aborted === true) return failedValue.value;
  }
}
