// The seeded fault draw: per-kind shares over many request numbers, the same picks for the same seed.
import { describe, expect, it } from "vitest";
import { FAULT_KINDS, parseFaultRates } from "../config/fault-rates.js";
import { buildFaultTable, type FaultChoice, pickFault } from "./fault-table.js";
import { isFaultRequest } from "./is-fault-request.js";

const REQUESTS = 10_000;

function tableOf(items: string[]) {
  const parsed = parseFaultRates(items);
  if (parsed.status === "error") throw new Error(parsed.message);
  return buildFaultTable(parsed.rates);
}

function picks(items: string[], seed: number): Array<FaultChoice | undefined> {
  const table = tableOf(items);
  return Array.from({ length: REQUESTS }, (_, index) => pickFault(table, seed, index + 1));
}

describe("pickFault", () => {
  it("all=R: each of the k kinds on R/k of 10,000 request numbers (within 15 % of it), none on the rest", () => {
    const rate = 0.5;
    const chosen = picks([`all=${rate}`], 7);
    const expected = (REQUESTS * rate) / FAULT_KINDS.length;
    for (const kind of FAULT_KINDS) {
      const count = chosen.filter((choice) => choice === kind).length;
      // R/k = 294 requests, binomial sd 17 (5.8 %): 15 % is 2.6 sd (seed 7's largest miss is 10.5 %).
      expect(Math.abs(count - expected), kind).toBeLessThan(expected * 0.15);
    }
    const faulted = chosen.filter((choice) => choice !== undefined).length;
    expect(Math.abs(faulted - REQUESTS * rate)).toBeLessThan(REQUESTS * 0.02);
  });

  it("named rates: each kind's share within 1.5 points of its rate", () => {
    const chosen = picks(["stall=0.1", "http-503=0.2", "oversized=0.05"], 3);
    const share = (kind: FaultChoice) => chosen.filter((choice) => choice === kind).length / REQUESTS;
    expect(Math.abs(share("stall") - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(share("http-503") - 0.2)).toBeLessThan(0.015);
    expect(Math.abs(share("oversized") - 0.05)).toBeLessThan(0.015);
    expect(share("http-500")).toBe(0);
  });

  it("is the same for the same seed and differs for another", () => {
    expect(picks(["all=0.3"], 11)).toEqual(picks(["all=0.3"], 11));
    const other = picks(["all=0.3"], 12);
    const same = picks(["all=0.3"], 11).filter((choice, index) => choice === other[index]).length;
    expect(same).toBeLessThan(REQUESTS * 0.8);
  });

  it("a bare rate faults exactly the requests isFaultRequest picks, with --fault-status", () => {
    const chosen = picks(["0.3"], 5);
    const expected = Array.from({ length: REQUESTS }, (_, index) =>
      isFaultRequest(5, index + 1, 0.3) ? "status" : undefined,
    );
    expect(chosen).toEqual(expected);
  });

  it("rates of 0 fault nothing; a rate of 1 faults every request", () => {
    expect(picks(["0"], 1).every((choice) => choice === undefined)).toBe(true);
    expect(picks(["stall=1"], 1).every((choice) => choice === "stall")).toBe(true);
  });
});
