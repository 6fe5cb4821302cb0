// Tables fitted to a terminal: as wide as the cells need without a width; with one, headers of value columns and
// then the labels are cut with "…", never a value.
import { describe, expect, it } from "vitest";
import { fitColumnWidths, textTable } from "./text-table.js";

const header = ["Task", "results/run-2026-11-26T101500Z-baseline", "Accuracy"];
const rows = [
  ["high_school_european_history", "0.8123", "81.2%"],
  ["abstract_algebra", "0.3100", "31.0%"],
];

describe("textTable", () => {
  it("is as wide as its cells need without a width", () => {
    expect(textTable(["Task", "Accuracy"], [["gsm8k", "81.2%"]])).toBe(
      "Task   Accuracy\n-----  --------\ngsm8k     81.2%\n",
    );
  });

  it("cuts the widest cuttable column first — a run's long header, then labels and headers alike — to fit", () => {
    const lines = textTable(header, rows, { maxWidth: 40 }).trimEnd().split("\n");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    expect(lines).toEqual([
      // 28 + 39 + 8 wide, 39 too many: the header gives 11 down to the labels' 28, then the two give in turn.
      "Task            results/run-2…  Accuracy",
      "--------------  --------------  --------",
      "high_school_e…          0.8123     81.2%",
      "abstract_alge…          0.3100     31.0%",
    ]);
  });

  it("never cuts a value: a width too narrow for them leaves the values whole", () => {
    const widths = fitColumnWidths([header, ...rows], 10);
    expect(widths).toEqual([8, 6, 5]);
  });
});
