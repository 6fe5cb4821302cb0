// Results broken down by a benchmark's facets (`BenchmarkSample.facets`, kept in the journal's `facets`): an
// accuracy with its Wilson CI per facet value (LongBench v2 by difficulty and length, MRCR by needle count and
// context bin), a mean per numeric score, and the grids a benchmark crosses (a passkey's depth × length).
import type { SampleRecord } from "../core/sample-record.js";
import { type ProportionEstimate, proportionCi } from "../stats/proportion-ci.js";

/** What a benchmark says about its facets (`Benchmark.facetGrids`, `Benchmark.facetOrder`). */
export interface FacetLayout {
  readonly facetGrids?: readonly (readonly [string, string])[];
  readonly facetOrder?: Readonly<Record<string, readonly string[]>>;
}

/** One value of a facet: the graded samples that have it. */
export interface FacetValueSummary {
  value: string;
  overall: ProportionEstimate;
  /** The mean of each numeric score (a scorer's `scores`; MRCR's ratio) over those samples; absent when none. */
  meanScores?: Record<string, number>;
}

export interface FacetSummary {
  facet: string;
  values: FacetValueSummary[];
}

/** A grid cell: the graded samples with `row` as the grid's first facet and `column` as its second. */
export interface FacetGridCell {
  row: string;
  column: string;
  correct: number;
  total: number;
  accuracy: number;
}

export interface FacetGridSummary {
  rows: string;
  columns: string;
  rowValues: string[];
  columnValues: string[];
  cells: FacetGridCell[];
}

/** Facets in first-seen order, each value in the layout's order, then numerically or alphabetically. */
export function summarizeFacets(records: readonly SampleRecord[], layout: FacetLayout = {}): FacetSummary[] {
  const counts = new Map<string, Map<string, { correct: number; total: number; sums: Map<string, Sum> }>>();
  for (const record of records) {
    if (record.status !== "ok" || record.facets === undefined) continue;
    for (const [facet, value] of Object.entries(record.facets)) {
      let byValue = counts.get(facet);
      if (byValue === undefined) {
        byValue = new Map();
        counts.set(facet, byValue);
      }
      let count = byValue.get(value);
      if (count === undefined) {
        count = { correct: 0, total: 0, sums: new Map() };
        byValue.set(value, count);
      }
      count.total++;
      if (record.correct) count.correct++;
      for (const [name, score] of Object.entries(record.scores ?? {})) {
        if (typeof score !== "number") continue;
        const sum = count.sums.get(name) ?? { sum: 0, count: 0 };
        sum.sum += score;
        sum.count++;
        count.sums.set(name, sum);
      }
    }
  }
  return [...counts].map(([facet, byValue]) => ({
    facet,
    values: orderValues([...byValue.keys()], layout.facetOrder?.[facet]).map((value) => {
      const count = byValue.get(value) ?? { correct: 0, total: 0, sums: new Map<string, Sum>() };
      return {
        value,
        overall: proportionCi(count.correct, count.total),
        ...(count.sums.size === 0
          ? {}
          : {
              meanScores: Object.fromEntries(
                [...count.sums].map(([name, sum]) => [name, sum.sum / sum.count]),
              ),
            }),
      };
    }),
  }));
}

interface Sum {
  sum: number;
  count: number;
}

/** Each of the layout's grids whose two facets the graded records carry. */
export function summarizeFacetGrids(
  records: readonly SampleRecord[],
  layout: FacetLayout = {},
): FacetGridSummary[] {
  const grids: FacetGridSummary[] = [];
  for (const [rows, columns] of layout.facetGrids ?? []) {
    const cells = new Map<string, FacetGridCell>();
    const rowValues = new Set<string>();
    const columnValues = new Set<string>();
    for (const record of records) {
      const row = record.facets?.[rows];
      const column = record.facets?.[columns];
      if (record.status !== "ok" || row === undefined || column === undefined) continue;
      rowValues.add(row);
      columnValues.add(column);
      const key = JSON.stringify([row, column]);
      const cell = cells.get(key) ?? { row, column, correct: 0, total: 0, accuracy: 0 };
      cell.total++;
      if (record.correct) cell.correct++;
      cell.accuracy = cell.correct / cell.total;
      cells.set(key, cell);
    }
    if (cells.size === 0) continue;
    const orderedRows = orderValues([...rowValues], layout.facetOrder?.[rows]);
    const orderedColumns = orderValues([...columnValues], layout.facetOrder?.[columns]);
    grids.push({
      rows,
      columns,
      rowValues: orderedRows,
      columnValues: orderedColumns,
      cells: orderedRows.flatMap((row) =>
        orderedColumns.flatMap((column) => {
          const cell = cells.get(JSON.stringify([row, column]));
          return cell === undefined ? [] : [cell];
        }),
      ),
    });
  }
  return grids;
}

/** `order`'s values first (those present), then the rest numerically when all are numbers, else alphabetically. */
export function orderValues(values: readonly string[], order: readonly string[] = []): string[] {
  const present = new Set(values);
  const first = order.filter((value) => present.has(value));
  const listed = new Set(first);
  const rest = values.filter((value) => !listed.has(value));
  const isNumeric = rest.every((value) => value.trim() !== "" && Number.isFinite(Number(value)));
  rest.sort(
    isNumeric ? (left, right) => Number(left) - Number(right) : (left, right) => left.localeCompare(right),
  );
  return [...first, ...rest];
}
