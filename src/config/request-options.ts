// How the client treats each request: in flight at once (`run`), time limit, retries (`run`, `profile`).
import { z } from "zod";
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

const maxRetries = option({
  schema: z.number().int().min(0).max(20).optional(),
  flag: "max-retries",
  placeholder: "N",
  help: "Retries of a request that failed before its first byte.",
});

export const runRequestOptions = optionGroup("Requests", {
  concurrency: option({
    schema: z.number().int().min(1).max(100_000).default(32),
    flag: "concurrency",
    placeholder: "N",
    help: "Requests kept in flight.",
  }),
  timeoutMs,
  maxRetries: withDefault(maxRetries, 2),
  maxConsecutiveFailures: option({
    schema: z.number().int().min(0).default(20),
    flag: "max-consecutive-failures",
    placeholder: "N",
    help:
      "Stop sending when this many samples in a row could not connect (the server is gone); what finished is " +
      "kept for --resume. 0 never stops.",
  }),
});

/** `profile` retries nothing unless told, so failures show in the figures. */
export const profileRequestOptions = optionGroup("Requests", {
  timeoutMs,
  maxRetries: withDefault(maxRetries, 0),
});
