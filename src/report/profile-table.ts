// The console table of a profile, in the style of aiperf's: one row per metric (avg, min, max, p99, p90, p50, std),
// then the throughputs, the achieved rate beside the target, goodput and errors.
import type { MetricsSummary } from "../metrics/metrics-collector.js";
import { REQUEST_METRIC_COLUMNS } from "../metrics/request-metric-columns.js";

const format = (value: number | null | undefined): string => {
  if (value === null || value === undefined) return "N/A";
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  const magnitude = Math.abs(value);
  return value.toLocaleString("en-US", {
    maximumFractionDigits: magnitude >= 1000 ? 0 : 2,
    minimumFractionDigits: magnitude >= 1000 ? 0 : 2,
  });
};

function box(title: string, rows: string[][]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? "").length))) ?? [];
  const line = (left: string, middle: string, right: string, fill: string): string =>
    left + widths.map((width) => fill.repeat(width + 2)).join(middle) + right;
  const render = (row: string[]): string =>
    `┃${row.map((cell, column) => ` ${column === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[column] ?? 0)} `).join("┃")}┃`;
  const [header = [], ...body] = rows;
  const top = line("┏", "┳", "┓", "━");
  const totalWidth = top.length;
  const lines = [
    title.padStart(Math.floor((totalWidth + title.length) / 2)),
    top,
    render(header),
    line("┡", "╇", "┩", "━"),
    ...body.map(render),
    line("└", "┴", "┘", "─"),
  ];
  return `${lines.join("\n")}\n`;
}

export function profileTable(summary: MetricsSummary, title = "llm-bench profile | LLM Metrics"): string {
  const rows: string[][] = [["Metric", "avg", "min", "max", "p99", "p90", "p50", "std"]];
  for (const metric of REQUEST_METRIC_COLUMNS) {
    const stats = summary.metrics[metric.key];
    if (stats === undefined || stats.count === 0) continue;
    rows.push([
      `${metric.label} (${metric.unit})`,
      ...[stats.mean, stats.min, stats.max, stats.p99, stats.p90, stats.p50, stats.std].map(format),
    ]);
  }
  const scalar = (label: string, value: number | null): string[] => [
    label,
    format(value),
    "",
    "",
    "",
    "",
    "",
    "",
  ];
  rows.push(scalar("Request Throughput (requests/s)", summary.request_throughput_rps));
  rows.push(scalar("Output Token Throughput (tokens/s)", summary.output_token_throughput_tps));
  rows.push(scalar("Total Token Throughput (tokens/s)", summary.total_token_throughput_tps));
  if (summary.target_request_rate_rps !== null) {
    rows.push(scalar("Target Request Rate (requests/s)", summary.target_request_rate_rps));
  }
  rows.push(scalar("Achieved Request Rate (requests/s)", summary.achieved_request_rate_rps));
  if (summary.goodput !== null) rows.push(scalar("Goodput (requests/s)", summary.goodput.goodput_rps));
  rows.push(scalar("Request Count", summary.request_count));
  const notes: string[] = [];
  if (summary.failed_requests > 0) {
    const classes = Object.entries(summary.errors_by_class).map(([name, count]) => `${name} ${count}`);
    notes.push(`${summary.failed_requests} failed requests: ${classes.join(", ")}`);
  }
  if (summary.output_tokens_counted_requests > 0) {
    notes.push(
      `${summary.output_tokens_counted_requests} responses had no usage: their output tokens are counted chunks`,
    );
  }
  return box(title, rows) + notes.map((note) => `note: ${note}\n`).join("");
}
