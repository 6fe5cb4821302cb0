/// <reference lib="dom" />
// A forest plot of paired differences (candidate − baseline, in points) with their 95% CI whiskers on an axis centred
// on 0: one row per task, one mark per candidate run (its colour), as plain SVG like `forestPlot`.
// Client code: exported function declarations only (see dom.ts).
import { chartWidth, seriesColor } from "./charts.js";
import { h, svgElement } from "./dom.js";

export interface DifferenceMark {
  /** candidate − baseline, a difference of fractions (−1 … 1). */
  value: number;
  ci: readonly [number, number];
  color: string;
  /** The tooltip. */
  title: string;
}

export interface DifferenceRow {
  label: string;
  marks: DifferenceMark[];
  /** Text after the plot (e.g. "−4.10 pts, p = 0.003"). */
  note: string;
  /** A row drawn apart (bold, ruled below): the overall figure above the tasks. */
  isEmphasized?: boolean;
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

/** The plot; `data-testid` and `data-rows` on the figure, `data-row` on each row's group. */
export function differencePlot(title: string, testid: string, rows: readonly DifferenceRow[]): HTMLElement {
  const rowHeight = 20;
  const labelWidth = 260;
  const noteWidth = 200;
  const plotWidth = Math.max(200, chartWidth() - labelWidth - noteWidth);
  const top = 24;
  const height = top + rows.length * rowHeight + 8;
  const width = labelWidth + plotWidth + noteWidth;
  const half = differenceAxisHalfWidth(rows);
  const xOf = (fraction: number) =>
    labelWidth + ((Math.max(-half, Math.min(half, fraction)) + half) / (2 * half)) * plotWidth;
  const svg = svgElement("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
  for (const tick of [-1, -0.5, 0, 0.5, 1]) {
    const value = tick * half;
    const points = value * 100;
    svg.append(
      svgElement("line", {
        x1: xOf(value),
        x2: xOf(value),
        y1: top - 6,
        y2: height - 8,
        stroke: tick === 0 ? "#888" : "#e3e3e3",
      }),
      svgElement(
        "text",
        { x: xOf(value), y: top - 10, "text-anchor": "middle", class: "tick" },
        `${points > 0 ? "+" : points < 0 ? "−" : ""}${Number(Math.abs(points).toPrecision(3))}`,
      ),
    );
  }
  rows.forEach((row, index) => {
    const y = top + index * rowHeight + rowHeight / 2;
    const group = svgElement("g", { "data-row": row.label, class: row.isEmphasized ? "emphasized" : "" });
    const label = row.label.length > 40 ? `${row.label.slice(0, 39)}…` : row.label;
    group.append(
      svgElement("title", {}, row.label),
      svgElement("text", { x: labelWidth - 8, y: y + 4, "text-anchor": "end", class: "label" }, label),
    );
    const spread = Math.min(6, (rowHeight - 6) / Math.max(1, row.marks.length));
    row.marks.forEach((mark, markIndex) => {
      const markY = y + (markIndex - (row.marks.length - 1) / 2) * spread;
      const color = mark.color || seriesColor(markIndex + 1);
      const whisker = svgElement("g", {});
      whisker.append(
        svgElement("title", {}, mark.title),
        svgElement("line", {
          x1: xOf(mark.ci[0]),
          x2: xOf(mark.ci[1]),
          y1: markY,
          y2: markY,
          stroke: color,
          "stroke-width": 2,
        }),
        svgElement("circle", { cx: xOf(mark.value), cy: markY, r: 3.5, fill: color }),
      );
      group.append(whisker);
    });
    group.append(svgElement("text", { x: labelWidth + plotWidth + 10, y: y + 4, class: "note" }, row.note));
    if (row.isEmphasized) {
      group.append(
        svgElement("line", {
          x1: 0,
          x2: width,
          y1: y + rowHeight / 2,
          y2: y + rowHeight / 2,
          stroke: "#ccc",
        }),
      );
    }
    svg.append(group);
  });
  return h(
    "figure",
    { class: "forest difference", "data-testid": testid, "data-rows": rows.length },
    h("figcaption", null, title),
    svg,
  );
}
