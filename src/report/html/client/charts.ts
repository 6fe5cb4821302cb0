/// <reference lib="dom" />
// The report's charts: histograms, CDFs, time series and scatter plots through uPlot (canvas: 14k-point scatter
// plots draw in milliseconds, and the library is 51 kB minified), and the per-task accuracy plot with its 95% CI
// whiskers as plain SVG (a dot and a line per row is all it needs). Client code: function declarations only.
import type uPlotClass from "uplot";
import type { TimelineData } from "../report-model.js";
import { formatMs, h, svgElement } from "./dom.js";

/** The i-th series colour (colour-blind-safe Okabe–Ito order). */
export function seriesColor(index: number): string {
  const colors = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000"];
  return colors[index % colors.length] ?? "#0072B2";
}

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color?: string;
}

export interface ChartSpec {
  title: string;
  /** Test hook: `data-testid` of the chart's figure. */
  testid: string;
  xLabel: string;
  yLabel: string;
  x: number[];
  series: ChartSeries[];
  /** How values are drawn: joined lines, steps, bars or points only. */
  mode: "line" | "step" | "bars" | "points";
  /** The x axis shows times from a start (seconds) rather than plain numbers. */
  xIsSeconds?: boolean;
  note?: string;
  /** The share of the full chart width it takes (0.5 for two side by side); 1 by default. */
  widthShare?: number;
}

/** The width a chart takes: its container's, or the page's less margins when not laid out yet. */
export function chartWidth(): number {
  const main = document.querySelector("main");
  const available = (main?.clientWidth ?? document.body.clientWidth) - 48;
  return Math.max(320, Math.min(1100, available));
}

/** The width of a chart taking `share` of the full width (two halves leave a gap between them). */
export function chartWidthFor(share: number): number {
  return share >= 1 ? chartWidth() : Math.max(300, Math.floor(chartWidth() * share) - 8);
}

/** A figure with the chart drawn in it (uPlot on a canvas); `data-points` counts the values drawn. */
export function chart(spec: ChartSpec): HTMLElement {
  const figure = h(
    "figure",
    { class: "chart", "data-testid": spec.testid },
    h("figcaption", null, spec.title),
  );
  const points = spec.series.reduce(
    (sum, series) => sum + series.values.filter((value) => value !== null).length,
    0,
  );
  figure.setAttribute("data-points", String(points));
  if (spec.x.length === 0 || points === 0) {
    figure.append(h("p", { class: "empty" }, "No values to draw."));
    return figure;
  }
  const Plot = uPlot as typeof uPlotClass;
  const paths =
    spec.mode === "bars"
      ? Plot.paths.bars?.({ size: [0.92, 60], align: 0 })
      : spec.mode === "step"
        ? Plot.paths.stepped?.({ align: 1 })
        : spec.mode === "points"
          ? () => null
          : undefined;
  const options: uPlotClass.Options = {
    width: chartWidthFor(spec.widthShare ?? 1),
    height: 260,
    scales: { x: { time: false } },
    legend: { live: true },
    cursor: { drag: { x: true, y: false } },
    axes: [
      { label: spec.xLabel, stroke: "#444", grid: { stroke: "#eee" } },
      { label: spec.yLabel, stroke: "#444", grid: { stroke: "#eee" }, size: 60 },
    ],
    series: [
      { label: spec.xLabel },
      ...spec.series.map((series, index) => {
        const color = series.color ?? seriesColor(index);
        return {
          label: series.label,
          stroke: color,
          // A points series draws no line (its paths are none); its width is its legend marker's border.
          width: 1.5,
          ...(spec.mode === "bars" ? { fill: `${color}99` } : {}),
          ...(paths === undefined ? {} : { paths }),
          points:
            spec.mode === "points"
              ? { show: true, size: 3, stroke: color, fill: color, width: 0 }
              : { show: false },
        };
      }),
    ],
  };
  const body = h("div", { class: "plot" });
  figure.append(body);
  if (spec.note !== undefined) figure.append(h("p", { class: "note" }, spec.note));
  // uPlot measures fonts and sizes at creation; the figure is in the document by the next frame.
  const data = [spec.x, ...spec.series.map((series) => series.values)] as uPlotClass.AlignedData;
  new Plot(options, data, body);
  return figure;
}

/** Bins of a sorted distribution for a histogram: up to the 99.5th percentile, the rest counted in the last bin. */
export function histogramBins(
  sorted: readonly number[],
  binCount = 40,
): { x: number[]; counts: number[]; clippedAbove: number | null } {
  if (sorted.length === 0) return { x: [], counts: [], clippedAbove: null };
  const low = sorted[0] ?? 0;
  const max = sorted[sorted.length - 1] ?? low;
  const p995 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.995))] ?? max;
  const high = max > p995 * 1.5 ? p995 : max;
  const width = high > low ? (high - low) / binCount : 1;
  const counts = new Array<number>(binCount).fill(0);
  for (const value of sorted) {
    const bin = Math.min(binCount - 1, Math.max(0, Math.floor((value - low) / width)));
    counts[bin] = (counts[bin] ?? 0) + 1;
  }
  const x = counts.map((_, index) => low + index * width);
  return { x, counts, clippedAbove: high < max ? high : null };
}

/** A CDF's points (x ascending, y = share at or below x), at most `maxPoints` of them. */
export function cdfPoints(sorted: readonly number[], maxPoints = 2000): { x: number[]; y: number[] } {
  const n = sorted.length;
  if (n === 0) return { x: [], y: [] };
  const step = Math.max(1, Math.ceil(n / maxPoints));
  const x: number[] = [];
  const y: number[] = [];
  for (let index = step - 1; index < n; index += step) {
    x.push(sorted[index] ?? 0);
    y.push((index + 1) / n);
  }
  if (x[x.length - 1] !== sorted[n - 1]) {
    x.push(sorted[n - 1] ?? 0);
    y.push(1);
  }
  return { x, y };
}

/** A latency distribution's histogram and CDF, side by side (`histogram-NAME`, `cdf-NAME`); ms on the x axis. */
export function histogramAndCdf(
  name: string,
  label: string,
  sorted: readonly number[],
  cdfNote?: string,
): [HTMLElement, HTMLElement] {
  const bins = histogramBins(sorted);
  const cdf = cdfPoints(sorted);
  const histogram = chart({
    title: `${label}: histogram (${sorted.length.toLocaleString()} requests)`,
    testid: `histogram-${name}`,
    xLabel: "ms",
    yLabel: "requests",
    x: bins.x,
    series: [{ label: "requests", values: bins.counts, color: seriesColor(0) }],
    mode: "bars",
    widthShare: 0.5,
    ...(bins.clippedAbove === null
      ? {}
      : {
          note: `The last bar also counts the values above ${formatMs(bins.clippedAbove)} (past the 99.5th percentile).`,
        }),
  });
  const distribution = chart({
    title: `${label}: CDF`,
    testid: `cdf-${name}`,
    xLabel: "ms",
    yLabel: "share ≤ x",
    x: cdf.x,
    series: [{ label: "share of requests", values: cdf.y, color: seriesColor(2) }],
    mode: "step",
    widthShare: 0.5,
    ...(cdfNote === undefined ? {} : { note: cdfNote }),
  });
  return [histogram, distribution];
}

/** A timeline's x axis (seconds at each bucket's start), the factor from a bucket's count to a rate per second,
 * and the bucket's size in words ("10 ms", "1 s"). */
export function timelineAxis(timeline: TimelineData): { x: number[]; perSecond: number; bucket: string } {
  return {
    x: timeline.endedRequests.map((_, index) => (index * timeline.bucketMs) / 1000),
    perSecond: 1000 / timeline.bucketMs,
    bucket: timeline.bucketMs >= 1000 ? `${timeline.bucketMs / 1000} s` : `${timeline.bucketMs} ms`,
  };
}

/** Requests in flight per bucket (their mean over it). */
export function inFlightChart(
  timeline: TimelineData,
  options: { title: string; testid: string; xLabel: string; label: string; widthShare?: number },
): HTMLElement {
  return chart({
    title: options.title,
    testid: options.testid,
    xLabel: options.xLabel,
    yLabel: "requests",
    x: timelineAxis(timeline).x,
    series: [{ label: options.label, values: timeline.inFlight, color: seriesColor(0) }],
    mode: "step",
    ...(options.widthShare === undefined ? {} : { widthShare: options.widthShare }),
  });
}

/** Failed requests per bucket, a series per error class; `none` (a note) when nothing failed. */
export function errorsOverTimeChart(
  timeline: TimelineData,
  options: {
    title: string;
    testid: string;
    xLabel: string;
    yLabel: string;
    none: string;
    widthShare?: number;
  },
): HTMLElement {
  const errorClasses = Object.keys(timeline.errorsByClass);
  if (errorClasses.length === 0)
    return h("p", { class: "note", "data-testid": options.testid }, options.none);
  return chart({
    title: options.title,
    testid: options.testid,
    xLabel: options.xLabel,
    yLabel: options.yLabel,
    x: timelineAxis(timeline).x,
    series: errorClasses.map((name, index) => ({
      label: name,
      values: timeline.errorsByClass[name] ?? [],
      color: seriesColor(index + 1),
    })),
    mode: "bars",
    ...(options.widthShare === undefined ? {} : { widthShare: options.widthShare }),
  });
}

/** CDFs of several distributions on one x axis (uPlot wants one x array: the union, each series stepped on it). */
export function overlaidCdfs(distributions: readonly { label: string; sorted: readonly number[] }[]): {
  x: number[];
  series: ChartSeries[];
} {
  const curves = distributions.map((distribution) => cdfPoints(distribution.sorted, 1000));
  const x = [...new Set(curves.flatMap((curve) => curve.x))].sort((a, b) => a - b);
  const series = curves.map((curve, index) => {
    const values: (number | null)[] = [];
    let at = 0;
    let last = 0;
    for (const value of x) {
      while (at < curve.x.length && (curve.x[at] ?? 0) <= value) {
        last = curve.y[at] ?? last;
        at++;
      }
      values.push(last);
    }
    return { label: distributions[index]?.label ?? "", values };
  });
  return { x, series };
}

export interface ForestRow {
  label: string;
  /** A fraction (0–1). */
  value: number;
  ci: readonly [number, number] | null;
  /** Text after the plot (e.g. "41 / 57"). */
  note: string;
  color?: string;
}

/** Per-row value with its CI whisker on a 0–100% axis (SVG); `data-testid` on the figure. */
export function forestPlot(title: string, testid: string, rows: readonly ForestRow[]): HTMLElement {
  return whiskerPlot(
    title,
    testid,
    rows.map((row) => ({
      label: row.label,
      note: row.note,
      marks: [{ value: row.value, ci: row.ci, color: row.color ?? seriesColor(0) }],
    })),
    {
      min: 0,
      max: 1,
      ticks: [0, 0.25, 0.5, 0.75, 1].map((value) => ({ value, label: `${value * 100}%` })),
      noteWidth: 170,
      className: "forest",
    },
  );
}

/** One mark of a whisker plot's row: a value and its CI (none: the dot alone). */
export interface WhiskerMark {
  value: number;
  ci: readonly [number, number] | null;
  color: string;
  /** The mark's tooltip. */
  title?: string;
}

export interface WhiskerRow {
  label: string;
  /** One mark per series (several are stacked a few pixels apart). */
  marks: WhiskerMark[];
  /** Text after the plot. */
  note: string;
  /** A row drawn apart (bold, ruled below): an overall figure above the tasks. */
  isEmphasized?: boolean;
}

export interface WhiskerAxis {
  /** Values outside [min, max] are drawn at the edge. */
  min: number;
  max: number;
  /** Gridlines; `isStrong` for the one that matters (a difference's 0). */
  ticks: { value: number; label: string; isStrong?: boolean }[];
  noteWidth: number;
  /** The figure's class (`forest`, `forest difference`). */
  className: string;
}

/**
 * Rows of dots with CI whiskers against one horizontal axis, as plain SVG: the per-task accuracy plot and the
 * comparison's difference plot. `data-testid` and `data-rows` on the figure, `data-row` on each row's group.
 */
export function whiskerPlot(
  title: string,
  testid: string,
  rows: readonly WhiskerRow[],
  axis: WhiskerAxis,
): HTMLElement {
  const rowHeight = 20;
  const labelWidth = 260;
  const plotWidth = Math.max(200, chartWidth() - labelWidth - axis.noteWidth);
  const top = 24;
  const height = top + rows.length * rowHeight + 8;
  const width = labelWidth + plotWidth + axis.noteWidth;
  const xOf = (value: number) =>
    labelWidth +
    ((Math.max(axis.min, Math.min(axis.max, value)) - axis.min) / (axis.max - axis.min)) * plotWidth;
  const svg = svgElement("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
  for (const tick of axis.ticks) {
    svg.append(
      svgElement("line", {
        x1: xOf(tick.value),
        x2: xOf(tick.value),
        y1: top - 6,
        y2: height - 8,
        stroke: tick.isStrong === true ? "#888" : "#e3e3e3",
      }),
      svgElement(
        "text",
        { x: xOf(tick.value), y: top - 10, "text-anchor": "middle", class: "tick" },
        tick.label,
      ),
    );
  }
  rows.forEach((row, index) => {
    const y = top + index * rowHeight + rowHeight / 2;
    const group = svgElement("g", {
      "data-row": row.label,
      class: row.isEmphasized === true ? "emphasized" : "",
    });
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
      if (mark.title !== undefined) whisker.append(svgElement("title", {}, mark.title));
      if (mark.ci !== null) {
        whisker.append(
          svgElement("line", {
            x1: xOf(mark.ci[0]),
            x2: xOf(mark.ci[1]),
            y1: markY,
            y2: markY,
            stroke: color,
            "stroke-width": 2,
          }),
        );
      }
      whisker.append(
        svgElement("circle", {
          cx: xOf(mark.value),
          cy: markY,
          r: row.marks.length === 1 ? 4 : 3.5,
          fill: color,
        }),
      );
      group.append(whisker);
    });
    group.append(svgElement("text", { x: labelWidth + plotWidth + 10, y: y + 4, class: "note" }, row.note));
    if (row.isEmphasized === true) {
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
    { class: axis.className, "data-testid": testid, "data-rows": rows.length },
    h("figcaption", null, title),
    svg,
  );
}
