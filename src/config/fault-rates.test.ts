// `--fault-rate` values read into a rate table, and the values refused.
import { describe, expect, it } from "vitest";
import { FAULT_KINDS, parseFaultRates } from "./fault-rates.js";

describe("parseFaultRates", () => {
  it("reads KIND=R, a bare R (for --fault-status), and nothing", () => {
    expect(parseFaultRates(["stall=0.1", "http-429-retry-after-date=0.2", "0.05"])).toEqual({
      status: "ok",
      rates: { kinds: { stall: 0.1, "http-429-retry-after-date": 0.2 }, statusRate: 0.05 },
    });
    expect(parseFaultRates([])).toEqual({ status: "ok", rates: { kinds: {}, statusRate: 0 } });
  });

  it("all=R spreads R evenly over every kind; a kind named too keeps its own rate", () => {
    const parsed = parseFaultRates(["all=0.34", "stall=0"]);
    if (parsed.status !== "ok") throw new Error(parsed.message);
    expect(Object.keys(parsed.rates.kinds).sort()).toEqual([...FAULT_KINDS].sort());
    expect(parsed.rates.kinds["http-503"]).toBeCloseTo(0.34 / FAULT_KINDS.length, 12);
    expect(parsed.rates.kinds.stall).toBe(0);
  });

  it("refuses an unknown kind, a bad rate and rates summing above 1, listing the kinds", () => {
    const unknown = parseFaultRates(["timeout=0.1"]);
    expect(unknown).toMatchObject({ status: "error" });
    expect(unknown.status === "error" && unknown.message).toMatch(
      /^unknown fault kind "timeout" \(kinds: http-500, http-502, .*slow-trickle; or all=R/,
    );
    for (const bad of ["stall=1.5", "stall=-0.1", "stall=", "stall=abc", "x"])
      expect(parseFaultRates([bad]), bad).toMatchObject({
        status: "error",
        message: expect.stringContaining("the rate must be a number from 0 to 1"),
      });
    expect(parseFaultRates(["stall=0.6", "http-500=0.5"])).toMatchObject({
      status: "error",
      message: expect.stringMatching(/^the fault rates sum to 1\.1, more than 1; lower them \(kinds: /),
    });
    expect(parseFaultRates(["all=1", "0.1"])).toMatchObject({ status: "error" });
    expect(parseFaultRates(["all=0.5", "0.5"])).toMatchObject({ status: "ok" });
  });
});
