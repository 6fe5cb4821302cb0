// The one retry rule set (openai-node's): which failures are retried, the waits, the budget, jitter and aborts.
import { describe, expect, it } from "vitest";
import { ApiCallError } from "../errors.js";
import { abortableSleep } from "./abortable-sleep.js";
import { responseRetryAdvice } from "./response-retry-advice.js";
import { adviceCarriedBy, type RetryAdvice, retry } from "./retry.js";
import { retryDelayMs } from "./retry-delay.js";

/** An error carrying advice, as ApiCallError and the errors of src/net/ do. */
class AdvisedError extends Error {
  readonly isRetryable: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(isRetryable: boolean, retryAfterMs?: number) {
    super(isRetryable ? "transient" : "permanent");
    this.isRetryable = isRetryable;
    this.retryAfterMs = retryAfterMs;
  }
}

/** Runs `retry` over scripted attempts, recording the sleeps instead of waiting. */
async function run<T = unknown>(
  script: ((attemptNumber: number) => NoInfer<T> | Error)[],
  options: Parameters<typeof retry<T>>[1] = {},
): Promise<{ outcome: T | unknown; attempts: number; sleeps: number[] }> {
  const sleeps: number[] = [];
  let attempts = 0;
  const outcome = await retry(
    async (attemptNumber) => {
      attempts++;
      expect(attemptNumber).toBe(attempts);
      const step = script[Math.min(attemptNumber, script.length) - 1];
      const value = step === undefined ? new Error("no step") : step(attemptNumber);
      if (value instanceof Error) throw value;
      return value;
    },
    {
      random: () => 0,
      sleep: async (durationMs) => {
        sleeps.push(durationMs);
      },
      ...options,
    },
  ).catch((error: unknown) => error);
  return { outcome, attempts, sleeps };
}

describe("responseRetryAdvice (which statuses are retried)", () => {
  it.each([
    [408, true],
    [409, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [599, true],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [410, false],
    [413, false],
    [422, false],
  ])("HTTP %i → retryable %s", (status, expected) => {
    expect(responseRetryAdvice(status, {}).isRetryable).toBe(expected);
  });

  it("obeys x-should-retry: true on a 400 and false on a 503; other values fall back to the status", () => {
    expect(responseRetryAdvice(400, { "x-should-retry": "true" }).isRetryable).toBe(true);
    expect(responseRetryAdvice(503, { "x-should-retry": "false" }).isRetryable).toBe(false);
    expect(responseRetryAdvice(503, { "x-should-retry": "maybe" }).isRetryable).toBe(true);
    expect(responseRetryAdvice(400, { "x-should-retry": "TRUE" }).isRetryable).toBe(false);
  });

  it("carries the wait the headers ask for", () => {
    expect(responseRetryAdvice(429, { "retry-after": "3" })).toEqual({
      isRetryable: true,
      retryAfterMs: 3000,
    });
    expect(responseRetryAdvice(429, {})).toEqual({ isRetryable: true, retryAfterMs: undefined });
  });
});

describe("retryDelayMs", () => {
  it("backs off 0.5 s × 2ⁿ capped at 8 s without jitter at random() = 0", () => {
    expect([0, 1, 2, 3, 4, 5, 9, 30].map((index) => retryDelayMs(index, undefined, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000, 8000,
    ]);
  });

  it("takes off at most 25 % jitter, never adds any", () => {
    for (const index of [0, 3, 6]) {
      const full = retryDelayMs(index, undefined, () => 0);
      for (const random of [0, 0.1, 0.5, 0.9, 0.999_999]) {
        const delay = retryDelayMs(index, undefined, () => random);
        expect(delay).toBeLessThanOrEqual(full);
        expect(delay).toBeGreaterThan(full * 0.75);
        expect(delay).toBeCloseTo(full * (1 - random * 0.25), 9);
      }
    }
  });

  it("honours a requested wait within [0, 60 s] exactly, without jitter", () => {
    expect(retryDelayMs(3, 0, () => 0.9)).toBe(0);
    expect(retryDelayMs(3, 250, () => 0.9)).toBe(250);
    expect(retryDelayMs(0, 60_000, () => 0.9)).toBe(60_000);
  });

  it.each([[60_001], [-1], [Number.POSITIVE_INFINITY], [Number.NaN]])(
    "ignores a requested wait of %d ms and backs off instead",
    (requested) => {
      expect(retryDelayMs(1, requested, () => 0)).toBe(1000);
    },
  );
});

describe("retry", () => {
  const transient = () => new AdvisedError(true);

  it("retries twice by default, then rejects with the last error", async () => {
    const { outcome, attempts, sleeps } = await run([transient]);
    expect(attempts).toBe(3);
    expect(outcome).toBeInstanceOf(AdvisedError);
    expect(sleeps).toEqual([500, 1000]);
  });

  it("maxRetries counts retries after the first attempt (0: one attempt; 4: five)", async () => {
    expect((await run([transient], { maxRetries: 0 })).attempts).toBe(1);
    const five = await run([transient], { maxRetries: 4 });
    expect(five.attempts).toBe(5);
    expect(five.sleeps).toEqual([500, 1000, 2000, 4000]);
    expect((await run([transient], { maxRetries: 6 })).sleeps).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it("stops at the first success", async () => {
    const { outcome, attempts, sleeps } = await run([transient, () => "done"]);
    expect(outcome).toBe("done");
    expect(attempts).toBe(2);
    expect(sleeps).toEqual([500]);
  });

  it("never retries an error the caller calls permanent, nor one carrying no advice", async () => {
    expect((await run([() => new AdvisedError(false)])).attempts).toBe(1);
    const plain = await run([() => new Error("disk full")]);
    expect(plain.attempts).toBe(1);
    expect((plain.outcome as Error).message).toBe("disk full");
  });

  it("honours the error's retryAfterMs within 60 s, else backs off", async () => {
    expect((await run([() => new AdvisedError(true, 1500), () => "ok"])).sleeps).toEqual([1500]);
    expect((await run([() => new AdvisedError(true, 90_000), () => "ok"])).sleeps).toEqual([500]);
  });

  it("reads ApiCallError's own isRetryable and retryAfterMs", async () => {
    const busy = () => new ApiCallError("busy", { status: 503, retryAfterMs: 2000 });
    expect(adviceCarriedBy(busy())).toEqual({ isRetryable: true, retryAfterMs: 2000 });
    expect((await run([busy, () => 1])).sleeps).toEqual([2000]);
    expect((await run([() => new ApiCallError("bad", { status: 400 })])).attempts).toBe(1);
  });

  it("lets the caller classify thrown errors itself", async () => {
    const { attempts } = await run([() => new Error("ECONNRESET")], {
      adviceForError: (error) => ({ isRetryable: (error as Error).message === "ECONNRESET" }),
    });
    expect(attempts).toBe(3);
  });

  it("retries failures returned as data and resolves with the last one when the budget runs out", async () => {
    type Outcome = { status: "ok" | "error"; retry?: RetryAdvice };
    const failed = (): Outcome => ({ status: "error", retry: { isRetryable: true, retryAfterMs: 100 } });
    const adviceForValue = (value: Outcome) => value.retry;
    const recovered = await run<Outcome>([failed, () => ({ status: "ok" })], { adviceForValue });
    expect(recovered).toMatchObject({ outcome: { status: "ok" }, attempts: 2, sleeps: [100] });
    const exhausted = await run<Outcome>([failed], { adviceForValue, maxRetries: 1 });
    expect(exhausted).toMatchObject({ outcome: { status: "error" }, attempts: 2, sleeps: [100] });
    const final = await run<Outcome>([() => ({ status: "error", retry: { isRetryable: false } })], {
      adviceForValue,
    });
    expect(final.attempts).toBe(1);
  });

  it("applies jitter from the injected random source to the backoff", async () => {
    const { sleeps } = await run([transient], { random: () => 0.5 });
    expect(sleeps).toEqual([437.5, 875]);
  });

  it("sends no attempt for an already aborted signal and rejects with its reason", async () => {
    const reason = new Error("user pressed Ctrl-C");
    const { outcome, attempts } = await run([() => "never"], { signal: AbortSignal.abort(reason) });
    expect(outcome).toBe(reason);
    expect(attempts).toBe(0);
  });

  it("never retries once the signal has aborted: a thrown failure rejects with the reason", async () => {
    const controller = new AbortController();
    const reason = new Error("stop");
    const { outcome, attempts, sleeps } = await run(
      [
        () => {
          controller.abort(reason);
          return new AdvisedError(true);
        },
      ],
      { signal: controller.signal },
    );
    expect(outcome).toBe(reason);
    expect(attempts).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it("never retries once the signal has aborted: a returned failure is given back as it is", async () => {
    const controller = new AbortController();
    const { outcome, attempts } = await run(
      [
        () => {
          controller.abort();
          return "aborted-result";
        },
      ],
      { signal: controller.signal, adviceForValue: () => ({ isRetryable: true }) },
    );
    expect(outcome).toBe("aborted-result");
    expect(attempts).toBe(1);
  });

  it("an abort during the default sleep ends the wait at once and rejects with the reason", async () => {
    const controller = new AbortController();
    const reason = new Error("stop now");
    let attempts = 0;
    const pending = retry(
      async () => {
        attempts++;
        throw new AdvisedError(true, 30_000);
      },
      {
        signal: controller.signal,
        // The real abortable sleep, aborted as soon as it has started (no real waiting).
        sleep: (durationMs, signal) => {
          const sleeping = abortableSleep(durationMs, signal);
          expect(durationMs).toBe(30_000);
          controller.abort(reason);
          return sleeping;
        },
      },
    );
    await expect(pending).rejects.toBe(reason);
    expect(attempts).toBe(1);
  });

  it("an abort during the sleep after a returned failure gives that failure back, not retried", async () => {
    const controller = new AbortController();
    let attempts = 0;
    const outcome = await retry(
      async () => {
        attempts++;
        return { status: "error", attempt: attempts };
      },
      {
        signal: controller.signal,
        adviceForValue: () => ({ isRetryable: true }),
        sleep: (durationMs, signal) => {
          const sleeping = abortableSleep(durationMs, signal);
          controller.abort();
          return sleeping;
        },
      },
    );
    expect(outcome).toEqual({ status: "error", attempt: 1 });
    expect(attempts).toBe(1);
  });

  it("a sleep that fails for another reason rejects with that failure", async () => {
    const broken = new Error("timer broke");
    const { outcome } = await run([transient], {
      sleep: async () => {
        throw broken;
      },
    });
    expect(outcome).toBe(broken);
  });
});
