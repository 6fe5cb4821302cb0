// A run of failed connects (or answers that are not OpenAI's) calls the server gone once; any other outcome resets
// the run.
import { describe, expect, it } from "vitest";
import { ConsecutiveFailures } from "./consecutive-failures.js";

describe("ConsecutiveFailures", () => {
  it("fires once when the run reaches the limit, and a success in between resets it", () => {
    const failures = new ConsecutiveFailures(3);
    expect(failures.record("unreachable", "a")).toBe(false);
    expect(failures.record("unreachable", "b")).toBe(false);
    expect(failures.record(undefined, "")).toBe(false);
    expect(failures.record("unreachable", "c")).toBe(false);
    expect(failures.record("unreachable", "d")).toBe(false);
    expect(failures.gone).toBeUndefined();
    expect(failures.record("unreachable", "e")).toBe(true);
    expect(failures.gone).toEqual({ failures: 3, example: "e", reason: "unreachable" });
    expect(failures.record("unreachable", "f")).toBe(false);
  });

  it("counts answers that are not OpenAI's in the same run, and names the last one's kind", () => {
    const failures = new ConsecutiveFailures(2);
    expect(failures.record("unreachable", "a")).toBe(false);
    expect(failures.record("not-openai", "an HTML page")).toBe(true);
    expect(failures.gone).toEqual({ failures: 2, example: "an HTML page", reason: "not-openai" });
  });

  it("never fires with a limit of 0", () => {
    const failures = new ConsecutiveFailures(0);
    for (let index = 0; index < 100; index++) expect(failures.record("unreachable", "x")).toBe(false);
    expect(failures.gone).toBeUndefined();
  });
});
