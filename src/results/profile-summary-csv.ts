// `profile_summary.csv`: one row per metric (avg, min, max, percentiles, std), then the run's scalar figures.
import type { MetricsSummary } from "../metrics/metrics-collector.js";
import { REQUEST_METRIC_COLUMNS } from "../metrics/request-metric-columns.js";

const cell = (value: number | null | undefined): string =>
  value === null || value === undefined ? "" : String(value);

export function profileSummaryCsv(summary: MetricsSummary): string {
  const columns = [
    "avg",
    "min",
    "max",
    "p1",
    "p5",
    "p10",
    "p25",
    "p50",
    "p75",
    "p90",
    "p95",
    "p99",
    "std",
    "count",
  ];
  const lines = [`Metric,${columns.join(",")}`];
  for (const metric of REQUEST_METRIC_COLUMNS) {
    const stats = summary.metrics[metric.key];
    if (stats === undefined) continue;
    const values = [stats.mean, stats.min, stats.max, stats.p1, stats.p5, stats.p10, stats.p25, stats.p50];
    values.push(stats.p75, stats.p90, stats.p95, stats.p99, stats.std, stats.count);
    lines.push(`${metric.key},${values.map(cell).join(",")}`);
  }
  lines.push("", "Metric,Value");
  const scalars: [string, number | null][] = [
    ["request_count", summary.request_count],
    ["successful_requests", summary.successful_requests],
    ["failed_requests", summary.failed_requests],
    ["duration_s", summary.duration_s],
    ["request_throughput_rps", summary.request_throughput_rps],
    ["output_token_throughput_tps", summary.output_token_throughput_tps],
    ["total_token_throughput_tps", summary.total_token_throughput_tps],
    ["target_request_rate_rps", summary.target_request_rate_rps],
    ["achieved_request_rate_rps", summary.achieved_request_rate_rps],
    ["goodput_rps", summary.goodput?.goodput_rps ?? null],
  ];
  for (const [name, value] of scalars) lines.push(`${name},${cell(value)}`);
  for (const [name, count] of Object.entries(summary.errors_by_class)) lines.push(`errors.${name},${count}`);
  return `${lines.join("\n")}\n`;
}
