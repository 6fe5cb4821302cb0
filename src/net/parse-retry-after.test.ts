// The retry-after header rules: retry-after-ms first, then retry-after as seconds or an HTTP date.
import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./parse-retry-after.js";

describe("parseRetryAfter", () => {
  const dateNowMs = Date.parse("Mon, 10 Jun 2024 12:00:00 GMT");

  it.each([
    [{ "retry-after-ms": "250" }, 250],
    [{ "retry-after-ms": "250.5" }, 250.5],
    [{ "retry-after-ms": "250", "retry-after": "9" }, 250],
    // A numeric retry-after-ms wins even out of range (the delay rule then backs off), as openai-node.
    [{ "retry-after-ms": "90000", "retry-after": "9" }, 90_000],
    [{ "retry-after-ms": "oops", "retry-after": "9" }, 9000],
    [{ "retry-after-ms": "", "retry-after": "2" }, 2000],
    [{ "retry-after": "0" }, 0],
    [{ "retry-after": "1.5" }, 1500],
    [{ "retry-after": "61" }, 61_000],
    [{ "retry-after": "-1" }, -1000],
    [{ "retry-after": "Mon, 10 Jun 2024 12:00:30 GMT" }, 30_000],
    [{ "retry-after": "Mon, 10 Jun 2024 11:59:00 GMT" }, -60_000],
    [{ "retry-after": "soon" }, undefined],
    [{ "retry-after-ms": ["3", "9"] }, 3],
    [{}, undefined],
  ])("%j → %s", (headers, expected) => {
    expect(parseRetryAfter(headers, { dateNowMs })).toBe(expected);
  });
});
