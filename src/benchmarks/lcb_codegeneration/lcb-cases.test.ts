// The evaluation sample: public tests then private, fn_name, timeout; the watchdog budget.
import { describe, expect, it } from "vitest";
import { buildLcbCases, LCB_DEFAULT_TIMEOUT_SECONDS, lcbGlobalTimeoutMs } from "./lcb-cases.js";

const problem = {
  publicTests: [{ input: "p", output: "P", testType: "stdin" as const }],
  privateTests: [
    { input: "q", output: "Q", testType: "stdin" as const },
    { input: "r", output: "R", testType: "stdin" as const },
  ],
  functionName: undefined,
};

describe("buildLcbCases", () => {
  it("concatenates public then private tests; no func_name is stdin mode (null)", () => {
    expect(buildLcbCases(problem)).toEqual({
      inputs: ["p", "q", "r"],
      outputs: ["P", "Q", "R"],
      fn_name: null,
      timeout: LCB_DEFAULT_TIMEOUT_SECONDS,
    });
    expect(LCB_DEFAULT_TIMEOUT_SECONDS).toBe(6);
  });

  it("carries func_name and a chosen timeout", () => {
    expect(buildLcbCases({ ...problem, functionName: "countPairs" }, 2)).toMatchObject({
      fn_name: "countPairs",
      timeout: 2,
    });
  });

  it("refuses a timeout signal.alarm cannot take", () => {
    expect(() => buildLcbCases(problem, 0.5)).toThrow(RangeError);
    expect(() => buildLcbCases(problem, 0)).toThrow(RangeError);
  });
});

describe("lcbGlobalTimeoutMs", () => {
  it("is (timeout + 1) × tests + 5 seconds", () => {
    expect(lcbGlobalTimeoutMs(buildLcbCases(problem))).toBe(((6 + 1) * 3 + 5) * 1000);
    expect(lcbGlobalTimeoutMs({ inputs: [], timeout: 6 })).toBe(5000);
  });
});
