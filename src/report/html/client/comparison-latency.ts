/// <reference lib="dom" />
// The comparison's "Latency" view: each run's serving percentiles (TTFT, ITL, end-to-end) in one table, then per
// figure the runs' distributions overlaid — CDFs, and histograms on shared bins as each run's share of requests.
// Client code: exported function declarations only (see dom.ts).
import type { ComparisonReportData } from "../comparison-data.js";
import type { DistributionData, RunSection } from "../report-model.js";
import { type ChartSeries, chart, overlaidCdfs, seriesColor } from "./charts.js";
import { comparisonRunName } from "./comparison-view.js";
import { formatMs, h, section } from "./dom.js";

/** The figures shown: key in `ServingData`, name and what it measures. */
export function comparisonLatencyMetrics(): { key: "ttft" | "itl" | "e2e"; name: string; about: string }[] {
  return [
    { key: "ttft", name: "TTFT", about: "time to first token" },
    { key: "itl", name: "ITL", about: "mean inter-token latency of each request" },
    { key: "e2e", name: "End-to-end latency", about: "request sent to last byte" },
  ];
}

export function comparisonLatency(data: ComparisonReportData): HTMLElement {
  return h(
    "div",
    null,
    section(
      "Serving percentiles",
      h(
        "p",
        { class: "note" },
        "Per run, over every answered request of all its benchmarks (percentiles interpolated linearly).",
      ),
      comparisonPercentileTable(data),
    ),
    ...comparisonLatencyMetrics().map((metric) => {
      const distributions = data.runs.map((run, index) => ({
        label: comparisonRunName(data, index),
        run: index,
        distribution: run.serving[metric.key],
      }));
      return section(
        `${metric.name} (${metric.about})`,
        comparisonCdfChart(metric.key, metric.name, distributions),
        comparisonHistogramChart(metric.key, metric.name, distributions),
      );
    }),
  );
}

/** The q-th percentile (0–100) of ascending values, linearly interpolated (as the result files' percentiles). */
export function comparisonPercentile(sorted: readonly number[], q: number): number | null {
  const count = sorted.length;
  if (count === 0) return null;
  const position = (Math.min(Math.max(q, 0), 100) / 100) * (count - 1);
  const lowerIndex = Math.floor(position);
  const lower = sorted[lowerIndex] ?? 0;
  const upper = sorted[Math.min(lowerIndex + 1, count - 1)] ?? lower;
  return lower + (upper - lower) * (position - lowerIndex);
}

export function comparisonMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

/** Metric × run rows: requests, mean, P50, P90, P95, P99, max; raw ms in each cell's `data-value`. */
export function comparisonPercentileTable(data: ComparisonReportData): HTMLElement {
  const percentiles = [50, 90, 95, 99];
  const header = ["Figure", "Run", "Requests", "Mean", ...percentiles.map((q) => `P${q}`), "Max"];
  const rows: HTMLElement[] = [];
  for (const metric of comparisonLatencyMetrics()) {
    data.runs.forEach((run: RunSection, index) => {
      const sorted = run.serving[metric.key].sortedMs;
      const cell = (stat: string, value: number | null) =>
        h("td", { class: "number", "data-stat": stat, "data-value": value ?? undefined }, formatMs(value));
      rows.push(
        h(
          "tr",
          { "data-testid": "latency-row", "data-metric": metric.key, "data-run": index },
          index === 0 ? h("td", { rowspan: data.runs.length, class: "task-name" }, metric.name) : null,
          h(
            "td",
            null,
            h("span", { class: "swatch", style: `background:${seriesColor(index)}` }),
            comparisonRunName(data, index),
          ),
          h(
            "td",
            { class: "number", "data-stat": "count", "data-value": sorted.length },
            sorted.length.toLocaleString(),
          ),
          cell("mean", comparisonMean(sorted)),
          ...percentiles.map((q) => cell(`p${q}`, comparisonPercentile(sorted, q))),
          cell("max", sorted.length === 0 ? null : (sorted[sorted.length - 1] ?? null)),
        ),
      );
    });
  }
  return h(
    "table",
    { class: "grid", "data-testid": "latency-percentiles" },
    h("thead", null, h("tr", null, ...header.map((cell) => h("th", null, cell)))),
    h("tbody", null, ...rows),
  );
}

/** The runs' CDFs on one axis (each run in its colour). */
export function comparisonCdfChart(
  key: string,
  name: string,
  distributions: readonly { label: string; run: number; distribution: DistributionData }[],
): HTMLElement {
  const present = distributions.filter((entry) => entry.distribution.count > 0);
  const overlaid = overlaidCdfs(
    present.map((entry) => ({ label: entry.label, sorted: entry.distribution.sortedMs })),
  );
  return chart({
    title: `${name}: cumulative share of requests`,
    testid: `latency-cdf-${key}`,
    xLabel: "ms",
    yLabel: "share ≤ x",
    x: overlaid.x,
    series: overlaid.series.map((series, index) => ({
      ...series,
      color: seriesColor(present[index]?.run ?? index),
    })),
    mode: "step",
  });
}

/** Histograms of several distributions on shared bins (up to the largest 99.5th percentile), as shares of each. */
export function comparisonOverlaidHistograms(
  distributions: readonly (readonly number[])[],
  binCount = 40,
): { x: number[]; shares: number[][]; clippedAbove: number | null } {
  const present = distributions.filter((sorted) => sorted.length > 0);
  if (present.length === 0) return { x: [], shares: distributions.map(() => []), clippedAbove: null };
  let low = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let p995 = Number.NEGATIVE_INFINITY;
  for (const sorted of present) {
    low = Math.min(low, sorted[0] ?? 0);
    max = Math.max(max, sorted[sorted.length - 1] ?? 0);
    p995 = Math.max(p995, sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.995))] ?? 0);
  }
  const high = max > p995 * 1.5 ? p995 : max;
  const width = high > low ? (high - low) / binCount : 1;
  const x = Array.from({ length: binCount }, (_, index) => low + index * width);
  const shares = distributions.map((sorted) => {
    const counts = new Array<number>(binCount).fill(0);
    for (const value of sorted) {
      const bin = Math.min(binCount - 1, Math.max(0, Math.floor((value - low) / width)));
      counts[bin] = (counts[bin] ?? 0) + 1;
    }
    return sorted.length === 0 ? [] : counts.map((count) => count / sorted.length);
  });
  return { x, shares, clippedAbove: high < max ? high : null };
}

/** The runs' histograms overlaid (steps on shared bins, each run's share of its requests). */
export function comparisonHistogramChart(
  key: string,
  name: string,
  distributions: readonly { label: string; run: number; distribution: DistributionData }[],
): HTMLElement {
  const present = distributions.filter((entry) => entry.distribution.count > 0);
  const bins = comparisonOverlaidHistograms(present.map((entry) => entry.distribution.sortedMs));
  const series: ChartSeries[] = present.map((entry, index) => ({
    label: entry.label,
    values: bins.shares[index] ?? [],
    color: seriesColor(entry.run),
  }));
  return chart({
    title: `${name}: histogram (share of each run's requests)`,
    testid: `latency-histogram-${key}`,
    xLabel: "ms",
    yLabel: "share",
    x: bins.x,
    series,
    mode: "step",
    ...(bins.clippedAbove === null
      ? {}
      : { note: `Values above ${formatMs(bins.clippedAbove)} are counted in the last bin.` }),
  });
}
