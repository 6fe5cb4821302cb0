/// <reference lib="dom" />
// The report's charts: histograms, CDFs, time series and scatter plots through uPlot (canvas: 14k-point scatter
// plots draw in milliseconds, and the library is 51 kB minified), and the per-task accuracy plot with its 95% CI
// whiskers as plain SVG (a dot and a line per row is all it needs). Client code: function declarations only.
import type uPlotClass from "uplot";
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
  const rowHeight = 20;
  const labelWidth = 260;
  const noteWidth = 170;
  const plotWidth = Math.max(200, chartWidth() - labelWidth - noteWidth);
  const top = 24;
  const height = top + rows.length * rowHeight + 8;
  const width = labelWidth + plotWidth + noteWidth;
  const xOf = (fraction: number) => labelWidth + Math.max(0, Math.min(1, fraction)) * plotWidth;
  const svg = svgElement("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img" });
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(
      svgElement("line", { x1: xOf(tick), x2: xOf(tick), y1: top - 6, y2: height - 8, stroke: "#e3e3e3" }),
      svgElement(
        "text",
        { x: xOf(tick), y: top - 10, "text-anchor": "middle", class: "tick" },
        `${tick * 100}%`,
      ),
    );
  }
  rows.forEach((row, index) => {
    const y = top + index * rowHeight + rowHeight / 2;
    const color = row.color ?? seriesColor(0);
    const group = svgElement("g", { "data-row": row.label });
    const label = row.label.length > 40 ? `${row.label.slice(0, 39)}…` : row.label;
    group.append(
      svgElement("title", {}, row.label),
      svgElement("text", { x: labelWidth - 8, y: y + 4, "text-anchor": "end", class: "label" }, label),
    );
    if (row.ci !== null) {
      group.append(
        svgElement("line", {
          x1: xOf(row.ci[0]),
          x2: xOf(row.ci[1]),
          y1: y,
          y2: y,
          stroke: color,
          "stroke-width": 2,
        }),
      );
    }
    group.append(
      svgElement("circle", { cx: xOf(row.value), cy: y, r: 4, fill: color }),
      svgElement("text", { x: labelWidth + plotWidth + 10, y: y + 4, class: "note" }, row.note),
    );
    svg.append(group);
  });
  return h(
    "figure",
    { class: "forest", "data-testid": testid, "data-rows": rows.length },
    h("figcaption", null, title),
    svg,
  );
}
