import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { sampleRecord } from "../core/test-support/sample-record.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { aggregateRecordMetrics } from "./aggregate-record-metrics.js";
import { benchmarkResult } from "./benchmark-result.js";
import { summarizeBenchmark } from "./summarize-benchmark.js";
import { orderValues, summarizeFacetGrids, summarizeFacets } from "./summarize-facets.js";

let next = 0;
function record(
  facets: Record<string, string> | undefined,
  correct: boolean,
  extra: Partial<SampleRecord> = {},
): SampleRecord {
  next++;
  return sampleRecord({
    benchmark: "longbench_v2",
    id: String(next),
    task: "Single-Document QA",
    ...(facets === undefined ? {} : { facets }),
    correct,
    ...extra,
  });
}

describe("summarizeFacets", () => {
  // easy 2/3, hard 0/1 (one hard sample failed: not graded); short 1/2, long 1/2.
  const records = [
    record({ difficulty: "easy", length: "short" }, true),
    record({ difficulty: "easy", length: "long" }, true),
    record({ difficulty: "easy", length: "short" }, false),
    record({ difficulty: "hard", length: "long" }, false),
    record({ difficulty: "hard", length: "medium" }, true, { status: "error" }),
    record(undefined, true),
  ];
  const layout = { facetOrder: { length: ["short", "medium", "long"] } };

  it("counts each facet value over the graded samples that carry it, in the layout's order", () => {
    const facets = summarizeFacets(records, layout);
    expect(facets.map((facet) => facet.facet)).toEqual(["difficulty", "length"]);
    const [difficulty, length] = facets;
    expect(difficulty?.values.map(({ value, overall }) => [value, overall.correct, overall.total])).toEqual([
      ["easy", 2, 3],
      ["hard", 0, 1],
    ]);
    expect(length?.values.map(({ value, overall }) => [value, overall.correct, overall.total])).toEqual([
      ["short", 1, 2],
      ["long", 1, 2],
    ]);
    const easy = difficulty?.values[0]?.overall;
    expect(easy?.accuracy).toBeCloseTo(2 / 3, 12);
    expect(easy?.ci95[0]).toBeLessThan(2 / 3);
    expect(easy?.ci95[1]).toBeGreaterThan(2 / 3);
  });

  it("averages numeric scores per value (MRCR's ratio), leaving booleans to the accuracy", () => {
    const scored = [
      record({ needles: "2" }, false, { scores: { score: 0.5, correct: false } }),
      record({ needles: "2" }, true, { scores: { score: 1, correct: true } }),
      record({ needles: "8" }, false, { scores: { score: 0.25, correct: false } }),
    ];
    const [needles] = summarizeFacets(scored);
    expect(needles?.values.map((value) => [value.value, value.meanScores])).toEqual([
      ["2", { score: 0.75 }],
      ["8", { score: 0.25 }],
    ]);
  });

  it("crosses two facets into a grid, rows and columns in numeric order", () => {
    const cells = [
      record({ depth: "50", context_tokens: "131072" }, false),
      record({ depth: "0", context_tokens: "131072" }, true),
      record({ depth: "0", context_tokens: "65536" }, true),
      record({ depth: "50", context_tokens: "65536" }, true),
      record({ depth: "50", context_tokens: "65536" }, false),
    ];
    const [grid] = summarizeFacetGrids(cells, { facetGrids: [["depth", "context_tokens"]] });
    expect(grid?.rowValues).toEqual(["0", "50"]);
    expect(grid?.columnValues).toEqual(["65536", "131072"]);
    expect(grid?.cells.map((cell) => [cell.row, cell.column, cell.correct, cell.total])).toEqual([
      ["0", "65536", 1, 1],
      ["0", "131072", 1, 1],
      ["50", "65536", 1, 2],
      ["50", "131072", 0, 1],
    ]);
    expect(summarizeFacetGrids(cells, { facetGrids: [["depth", "missing"]] })).toEqual([]);
  });

  it("orders numbers numerically and names alphabetically after the listed order", () => {
    expect(orderValues(["10", "9", "100"])).toEqual(["9", "10", "100"]);
    expect(orderValues(["long", "hard", "short"], ["short", "long"])).toEqual(["short", "long", "hard"]);
  });

  it("reaches <benchmark>.json's breakdowns and grids and the console table", () => {
    const summary = summarizeBenchmark(
      "passkey",
      3,
      [
        record({ depth: "0", context_tokens: "65536" }, true),
        record({ depth: "100", context_tokens: "65536" }, false),
        record({ depth: "100", context_tokens: "65536" }, true),
      ],
      { facetGrids: [["depth", "context_tokens"]] },
    );
    const result = benchmarkResult({
      summary,
      model: "m",
      timestamp: "2026-11-26T00:00:00Z",
      config: {},
      metrics: aggregateRecordMetrics([], 1000),
      records: [],
    });
    expect(result["breakdowns"]).toEqual({
      depth: {
        "0": expect.objectContaining({ accuracy: 1, num_correct: 1, num_samples: 1 }),
        "100": expect.objectContaining({ accuracy: 0.5, num_correct: 1, num_samples: 2 }),
      },
      context_tokens: { "65536": expect.objectContaining({ num_correct: 2, num_samples: 3 }) },
    });
    expect(result["grids"]).toEqual([
      {
        rows: "depth",
        columns: "context_tokens",
        row_values: ["0", "100"],
        column_values: ["65536"],
        cells: [
          { depth: "0", context_tokens: "65536", accuracy: 1, num_correct: 1, num_samples: 1 },
          { depth: "100", context_tokens: "65536", accuracy: 0.5, num_correct: 1, num_samples: 2 },
        ],
      },
    ]);
    const table = accuracyTable(summary);
    expect(table).toContain("by depth: 0 100.00% (1/1), 100 50.00% (1/2)");
    expect(table).toMatch(/depth \\ context_tokens\s+65536\n0\s+100\.00% \(1\/1\)\n100\s+50\.00% \(1\/2\)/);
  });
});
