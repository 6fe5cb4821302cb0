// How the client treats each request: in flight at once (`run`), time limit, retries (`run`, `profile`).
import { z } from "zod";
import { bytesFromText } from "./container-options.js";
import { numberFromText, option, optionGroup, withDefault } from "./option.js";

const timeoutMs = option({
  schema: z.number().int().min(1).default(600_000),
  flag: "timeout",
  placeholder: "S",
  fromText: (text) => {
    const seconds = numberFromText(text);
    return typeof seconds === "number" ? Math.round(seconds * 1000) : seconds;
  },
  expected: "a positive number of seconds",
  help: "Per-request time limit in seconds.",
  defaultHelp: "600",
});

const idleTimeoutMs = option({
  schema: z.number().int().min(1).optional(),
  flag: "idle-timeout",
  placeholder: "S",
  fromText: (text) => {
    const seconds = numberFromText(text);
    return typeof seconds === "number" ? Math.round(seconds * 1000) : seconds;
  },
  expected: "a positive number of seconds",
  help: "Longest gap between two chunks of an answer, in seconds; a stream silent longer fails (timeout_idle).",
  defaultHelp: "none",
});

const maxResponseBytes = option({
  schema: z
    .number()
    .int()
    .min(1024, "must be at least 1k")
    .default(32 * 1024 ** 2),
  flag: "max-response-bytes",
  placeholder: "SIZE",
  fromText: bytesFromText,
  expected: "a size such as 512k, 16m or 1g",
  help: "Largest response body, counted in raw bytes as they arrive; a bigger one is cut (response_too_large).",
  defaultHelp: "32m",
});

const maxRetries = option({
  schema: z.number().int().min(0).max(20).optional(),
  flag: "max-retries",
  placeholder: "N",
  help:
    "Retries of a failed request: connection errors, 408/409/429/5xx, answers that are not OpenAI's, and a " +
    "stream that broke off (reset, stalled, malformed, an error event, no finish, too large) — sent again from " +
    "scratch.",
});

export const runRequestOptions = optionGroup("Requests", {
  concurrency: option({
    schema: z.number().int().min(1).max(100_000).default(32),
    flag: "concurrency",
    placeholder: "N",
    help: "Requests kept in flight.",
  }),
  timeoutMs,
  idleTimeoutMs,
  maxResponseBytes,
  maxRetries: withDefault(maxRetries, 2),
  maxConsecutiveFailures: option({
    schema: z.number().int().min(0).default(20),
    flag: "max-consecutive-failures",
    placeholder: "N",
    help:
      "Stop sending when this many samples in a row could not connect (the server is gone) or got no OpenAI " +
      "answer (an HTML page, an empty body: not an OpenAI API); what finished is kept for --resume. 0 never stops.",
  }),
});

/** `profile` retries nothing unless told, so failures show in the figures. */
export const profileRequestOptions = optionGroup("Requests", {
  timeoutMs,
  idleTimeoutMs,
  maxResponseBytes,
  maxRetries: withDefault(maxRetries, 0),
});
