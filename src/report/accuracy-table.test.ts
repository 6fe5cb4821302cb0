import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { sampleRecord } from "../core/test-support/sample-record.js";
import { summarizeBenchmark } from "../results/summarize-benchmark.js";
import { accuracyTable } from "./accuracy-table.js";

const record = (index: number, correct: boolean, status: SampleRecord["status"] = "ok"): SampleRecord =>
  sampleRecord({ benchmark: "gsm8k", id: String(index), task: "gsm8k", status, correct, gold: "7" });

describe("accuracyTable", () => {
  it("prints the Wilson interval: 0 of 50 right is 0.0%–7.1%, not an empty 0.00%–0.00%", () => {
    const records = Array.from({ length: 50 }, (_, index) => record(index, false));
    const table = accuracyTable(summarizeBenchmark("gsm8k", 50, records));
    expect(table).toMatch(/^OVERALL\s+0\s+50\s+0\.00%$/m);
    expect(table).toContain("95% CI 0.0%–7.1% (Wilson)\n");
  });

  it("says failed requests are left out of the accuracy, not counted as wrong", () => {
    const records = [record(0, true), record(1, false), record(2, false, "error")];
    const table = accuracyTable(summarizeBenchmark("gsm8k", 3, records));
    expect(table).toMatch(/^OVERALL\s+1\s+2\s+50\.00%$/m);
    expect(table).toContain("95% CI 9.5%–90.5% (Wilson)");
    expect(table).toContain("1 failed requests not graded (left out of the accuracy)");
  });
});
