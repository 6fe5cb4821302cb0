// The wait before a retry, openai-node's rule: the server's wait when 0–60 s, else 0.5 s × 2ⁿ capped at 8 s, minus jitter.

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8000;
const MAX_HONOURED_WAIT_MS = 60_000;
const MAX_JITTER = 0.25;

/**
 * `retryIndex` is 0 before the first retry, 1 before the second…; `requestedWaitMs` is what the server asked for
 * (`parseRetryAfter`), honoured when finite and within [0, 60 s]; `random` returns a number in [0, 1).
 * The rule of openai-node `src/client.ts` `retryRequest` + `calculateDefaultRetryTimeoutMillis`
 * (commit 7b7d6ca71130d37ec09792c50056b47861f2eccf): jitter takes off up to 25 % of the backoff.
 */
export function retryDelayMs(
  retryIndex: number,
  requestedWaitMs: number | undefined,
  random: () => number,
): number {
  if (
    requestedWaitMs !== undefined &&
    Number.isFinite(requestedWaitMs) &&
    requestedWaitMs >= 0 &&
    requestedWaitMs <= MAX_HONOURED_WAIT_MS
  ) {
    return requestedWaitMs;
  }
  const backoffMs = Math.min(INITIAL_DELAY_MS * 2 ** retryIndex, MAX_DELAY_MS);
  return backoffMs * (1 - random() * MAX_JITTER);
}
