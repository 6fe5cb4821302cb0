// The console table of one benchmark: Task, Correct, Total, Accuracy, then OVERALL (micro) and MACRO rows.

import type { BenchmarkSummary } from "../results/summarize-benchmark.js";
import type { FacetGridSummary } from "../results/summarize-facets.js";
import { headlineLabel } from "../results/summarize-headline.js";
import type { ScoreMetric } from "../results/summarize-scores.js";
import { fitColumnWidths, formatTableRow, type TableOptions, tableRule } from "./text-table.js";

const percent = (value: number): string => `${(value * 100).toFixed(2)}%`;
/** A Wilson interval to a tenth of a point: `0.0%–7.1%`. */
const interval = ([low, high]: readonly [number, number]): string =>
  `${(low * 100).toFixed(1)}%–${(high * 100).toFixed(1)}%`;

/** A scorer of numbers only (rouge …): its metrics with their CIs, no accuracy table. */
function metricsOnly(summary: BenchmarkSummary): string {
  const { headline } = summary;
  const lines = [
    `${summary.benchmark}`,
    headline === undefined
      ? `no accuracy: the scorer gives metrics only (${summary.gradedSamples} graded)`
      : `score: ${headlineLabel(headline)} ${headline.value.toFixed(4)} over ${headline.count}, 95% CI [${headline.ci95[0].toFixed(4)}, ${headline.ci95[1].toFixed(4)}]${headline.higherIsBetter ? "" : " (lower is better)"}`,
  ];
  for (const metric of summary.scoreMetrics ?? []) lines.push(metricLine(metric));
  if (summary.errors > 0) lines.push(`note: ${summary.errors} failed requests not graded`);
  return `${lines.join("\n")}\n`;
}

/** One scorer metric: a proportion in percent (Wilson), a pooled ratio with its sums, or a mean (bootstrap). */
function metricLine(metric: ScoreMetric): string {
  if (metric.kind === "boolean")
    return `${metric.name} ${percent(metric.mean)} over ${metric.count}, 95% CI ${interval(metric.ci95)} (Wilson)`;
  if (metric.exp === true) {
    return `${metric.name} ${metric.mean.toFixed(4)} (exp of ${metric.numerator?.toFixed(2)}/${metric.denominator} pooled over ${metric.count}), 95% CI [${metric.ci95[0].toFixed(4)}, ${metric.ci95[1].toFixed(4)}] (bootstrap)`;
  }
  // A pooled proportion (instructions followed of those given) in percent; another ratio (bits per byte) as it is.
  if (metric.kind === "ratio" && (metric.numerator ?? 0) <= (metric.denominator ?? 0)) {
    return `${metric.name} ${percent(metric.mean)} (${metric.numerator}/${metric.denominator} pooled over ${metric.count}), 95% CI ${interval(metric.ci95)} (bootstrap)`;
  }
  if (metric.kind === "ratio") {
    return `${metric.name} ${metric.mean.toFixed(4)} (${metric.numerator?.toFixed(2)}/${metric.denominator} pooled over ${metric.count}), 95% CI [${metric.ci95[0].toFixed(4)}, ${metric.ci95[1].toFixed(4)}] (bootstrap)`;
  }
  return `${metric.name} ${metric.mean.toFixed(4)} over ${metric.count}, 95% CI [${metric.ci95[0].toFixed(4)}, ${metric.ci95[1].toFixed(4)}] (bootstrap)`;
}

export function accuracyTable(summary: BenchmarkSummary, options: TableOptions = {}): string {
  if (summary.isMetricsOnly === true) return metricsOnly(summary);
  // No accuracy at all (every request failed): no 0.00 % that could be read as a result.
  if (summary.gradedSamples === 0 && summary.errors > 0) {
    return `${summary.benchmark}\nno accuracy: none of ${summary.plannedSamples} samples was graded (${summary.errors} failed requests)\n`;
  }
  const rows: string[][] = [];
  const hasSubtasks = !(summary.tasks.length === 1 && summary.tasks[0]?.task === summary.benchmark);
  if (hasSubtasks) {
    for (const row of summary.tasks)
      rows.push([row.task, String(row.correct), String(row.total), percent(row.accuracy)]);
  }
  const { correct, total, accuracy, ci95 } = summary.overall;
  const overall = ["OVERALL", String(correct), String(total), percent(accuracy)];
  const footer = [overall];
  if (hasSubtasks && summary.tasks.length > 1)
    footer.push(["MACRO AVG", "", "", percent(summary.macroAccuracy)]);
  const header = ["Task", "Correct", "Total", "Accuracy"];
  const widths = fitColumnWidths([header, ...rows, ...footer], options.maxWidth);
  const format = (row: string[]): string => formatTableRow(row, widths);
  const rule = tableRule(widths);
  const lines = [
    `${summary.benchmark}`,
    format(header),
    rule,
    ...rows.map(format),
    ...(rows.length > 0 ? [rule] : []),
    ...footer.map(format),
    `95% CI ${interval(ci95)} (Wilson)`,
  ];
  const norm = summary.overallNorm;
  if (norm !== undefined) {
    lines.push(
      `acc_norm ${percent(norm.accuracy)} (${norm.correct}/${norm.total}), 95% CI ${interval(norm.ci95)} (Wilson)`,
    );
  }
  for (const { grader, overall: extra } of summary.extraGraders ?? []) {
    lines.push(
      `${grader} ${percent(extra.accuracy)} (${extra.correct}/${extra.total}), 95% CI ${interval(extra.ci95)} (Wilson)`,
    );
  }
  for (const metric of summary.scoreMetrics ?? []) lines.push(metricLine(metric));
  for (const group of summary.taskGroups ?? []) {
    const how = group.kind === "pooled" ? "pooled, Wilson" : "mean of tasks, Wald";
    lines.push(
      `${group.name} ${percent(group.accuracy)} over ${group.total}, 95% CI ${interval(group.ci95)} (${how})`,
    );
  }
  for (const estimate of summary.passAtK?.overall ?? []) {
    lines.push(
      `pass@${estimate.k} ${percent(estimate.mean)} over ${estimate.problems} problems (${summary.passAtK?.samplesPerTask} completions each), 95% CI [${percent(estimate.ci95[0])}, ${percent(estimate.ci95[1])}] (bootstrap)`,
    );
  }
  // pass^k (every one of k trials right): the agent benchmarks' consistency, shown where it tells more than pass@1.
  for (const estimate of summary.passAtK?.passHatK ?? []) {
    if (estimate.k === 1 || (summary.passAtK?.samplesPerTask ?? 0) > 8) continue;
    lines.push(
      `pass^${estimate.k} ${percent(estimate.mean)} over ${estimate.problems} problems, 95% CI [${percent(estimate.ci95[0])}, ${percent(estimate.ci95[1])}] (bootstrap)`,
    );
  }
  for (const { facet, values } of summary.facets ?? []) {
    const parts = values.map(
      ({ value, overall: part }) => `${value} ${percent(part.accuracy)} (${part.correct}/${part.total})`,
    );
    lines.push(`by ${facet}: ${parts.join(", ")}`);
  }
  for (const grid of summary.facetGrids ?? []) lines.push(...gridLines(grid));
  const notes: string[] = [];
  if (!summary.isComplete)
    notes.push(`${summary.gradedSamples} of ${summary.plannedSamples} samples graded (incomplete)`);
  if (summary.errors > 0)
    notes.push(`${summary.errors} failed requests not graded (left out of the accuracy)`);
  if (summary.unparsed > 0) notes.push(`${summary.unparsed} answers needed a fallback extraction (unparsed)`);
  if (summary.truncated > 0) notes.push(`${summary.truncated} answers hit the token limit`);
  if (summary.skipped !== undefined)
    notes.push(`${summary.skipped.count} skipped: ${summary.skipped.reason}`);
  if (notes.length > 0) lines.push(`note: ${notes.join("; ")}`);
  return `${lines.join("\n")}\n`;
}

/** A facet grid as a small table: one row per value of the first facet, one column per value of the second. */
function gridLines(grid: FacetGridSummary): string[] {
  const byPair = new Map(grid.cells.map((cell) => [JSON.stringify([cell.row, cell.column]), cell]));
  const header = [`${grid.rows} \\ ${grid.columns}`, ...grid.columnValues];
  const rows = grid.rowValues.map((row) => [
    row,
    ...grid.columnValues.map((column) => {
      const cell = byPair.get(JSON.stringify([row, column]));
      return cell === undefined ? "-" : `${percent(cell.accuracy)} (${cell.correct}/${cell.total})`;
    }),
  ]);
  const widths = header.map((_, index) =>
    Math.max(...[header, ...rows].map((cells) => (cells[index] ?? "").length)),
  );
  return [header, ...rows].map((cells) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd(),
  );
}
