// A run of failed connects calls the server gone once; any other outcome resets the run.
import { describe, expect, it } from "vitest";
import { ConsecutiveFailures } from "./consecutive-failures.js";

describe("ConsecutiveFailures", () => {
  it("fires once when the run reaches the limit, and a success in between resets it", () => {
    const failures = new ConsecutiveFailures(3);
    expect(failures.record(true, "a")).toBe(false);
    expect(failures.record(true, "b")).toBe(false);
    expect(failures.record(false, "")).toBe(false);
    expect(failures.record(true, "c")).toBe(false);
    expect(failures.record(true, "d")).toBe(false);
    expect(failures.gone).toBeUndefined();
    expect(failures.record(true, "e")).toBe(true);
    expect(failures.gone).toEqual({ failures: 3, example: "e" });
    expect(failures.record(true, "f")).toBe(false);
  });

  it("never fires with a limit of 0", () => {
    const failures = new ConsecutiveFailures(0);
    for (let index = 0; index < 100; index++) expect(failures.record(true, "x")).toBe(false);
    expect(failures.gone).toBeUndefined();
  });
});
