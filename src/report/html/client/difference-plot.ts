/// <reference lib="dom" />
// A forest plot of paired differences (candidate − baseline, in points) with their 95% CI whiskers on an axis centred
// on 0: one row per task, one mark per candidate run (its colour), drawn by `whiskerPlot` like `forestPlot`.
// Client code: exported function declarations only (see dom.ts).
import { type WhiskerMark, type WhiskerRow, whiskerPlot } from "./charts.js";

/** A candidate's mark: candidate − baseline, a difference of fractions (−1 … 1), with its CI. */
export interface DifferenceMark extends WhiskerMark {
  ci: readonly [number, number];
  title: string;
}

export interface DifferenceRow extends WhiskerRow {
  marks: DifferenceMark[];
}

/** The axis half-width (a fraction): the widest whisker rounded up to 1, 2 or 5 × 10ⁿ points, from 1 to 100 points. */
export function differenceAxisHalfWidth(rows: readonly DifferenceRow[]): number {
  let widest = 0;
  for (const row of rows) {
    for (const mark of row.marks) {
      widest = Math.max(widest, Math.abs(mark.value), Math.abs(mark.ci[0]), Math.abs(mark.ci[1]));
    }
  }
  const points = Math.min(100, Math.max(widest * 100, 1));
  const power = 10 ** Math.floor(Math.log10(points));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= points - 1e-9) ?? 10;
  return Math.min(1, (step * power) / 100);
}

/** The plot, on an axis centred on 0 (`whiskerPlot`); `data-testid` and `data-rows` on the figure. */
export function differencePlot(title: string, testid: string, rows: readonly DifferenceRow[]): HTMLElement {
  const half = differenceAxisHalfWidth(rows);
  return whiskerPlot(title, testid, rows, {
    min: -half,
    max: half,
    ticks: [-1, -0.5, 0, 0.5, 1].map((tick) => {
      const points = tick * half * 100;
      return {
        value: tick * half,
        label: `${points > 0 ? "+" : points < 0 ? "−" : ""}${Number(Math.abs(points).toPrecision(3))}`,
        isStrong: tick === 0,
      };
    }),
    noteWidth: 200,
    className: "forest difference",
  });
}
