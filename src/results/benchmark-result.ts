// `<benchmark>.json`: the seed's result schema plus the 95% CIs, the per-task table and per-sample results.

import type { SampleRecord } from "../core/sample-record.js";
import type { AggregatedMetrics } from "./aggregate-record-metrics.js";
import { scoreErrorBars } from "./score-error-bars.js";
import type { BenchmarkSummary, ExtraGraderAccuracy, TaskAccuracy } from "./summarize-benchmark.js";
import type { FacetGridSummary, FacetSummary } from "./summarize-facets.js";
import type { HeadlineSummary } from "./summarize-headline.js";
import type { PassAtKSummary } from "./summarize-pass-at-k.js";
import type { ScoreMetric } from "./summarize-scores.js";

/** One row of `tasks`, in the file's snake_case (acc_norm's fields with loglikelihood scoring only). */
function taskJson(row: TaskAccuracy): Record<string, unknown> {
  const { task, correct, total, accuracy, correctNorm, accuracyNorm, metrics } = row;
  return {
    task,
    correct,
    total,
    accuracy,
    ...(correctNorm === undefined ? {} : { correct_norm: correctNorm, accuracy_norm: accuracyNorm }),
    ...(metrics === undefined ? {} : { metrics: scoreMetricsJson(metrics) }),
  };
}

/** `extra_metrics`: per extra grader, its accuracy with the same Wilson 95% CI and standard error as `accuracy`. */
function extraMetrics(extras: readonly ExtraGraderAccuracy[]): Record<string, unknown> {
  return Object.fromEntries(
    extras.map(({ grader, overall }) => [
      grader,
      {
        accuracy: overall.accuracy,
        accuracy_ci95: overall.ci95,
        accuracy_stderr: overall.standardError,
        num_correct: overall.correct,
        num_samples: overall.total,
      },
    ]),
  );
}

/**
 * `metrics`: each scorer value's mean with its 95% CI (Wilson for booleans, bootstrap for numbers and ratios); a
 * ratio also gives its sums.
 */
function scoreMetricsJson(metrics: readonly ScoreMetric[]): Record<string, unknown> {
  return Object.fromEntries(
    metrics.map((metric) => [
      metric.name,
      {
        kind: metric.kind,
        mean: metric.mean,
        ci95: metric.ci95,
        stderr: metric.standardError,
        stddev: metric.stddev,
        count: metric.count,
        ...(metric.kind === "ratio" ? { numerator: metric.numerator, denominator: metric.denominator } : {}),
        ...(metric.exp === true ? { exp: true } : {}),
      },
    ]),
  );
}

/** `headline`: the recipe's score when it is not accuracy, on the reference's scale, as `gate` reads it. */
function headlineJson(headline: HeadlineSummary): Record<string, unknown> {
  return {
    metric: headline.metric,
    scale: headline.scale,
    higher_is_better: headline.higherIsBetter,
    value: headline.value,
    ci95: headline.ci95,
    stderr: headline.standardError,
    num_samples: headline.count,
    ...(headline.tasks === undefined ? {} : { tasks: headline.tasks }),
    ...(headline.aggregate === undefined ? {} : { aggregate: headline.aggregate }),
    ...(headline.geometricMeanOf === undefined ? {} : { geometric_mean_of: headline.geometricMeanOf }),
  };
}

/**
 * `pass_at_k`: completions per sample, each k's pass@k and pass^k mean with its bootstrap CI, and every problem's
 * n, c and values.
 */
function passAtKJson(summary: PassAtKSummary): Record<string, unknown> {
  return {
    samples_per_task: summary.samplesPerTask,
    overall: Object.fromEntries(
      summary.overall.map((estimate) => [
        `pass@${estimate.k}`,
        { mean: estimate.mean, ci95: estimate.ci95, problems: estimate.problems },
      ]),
    ),
    pass_hat_k: Object.fromEntries(
      summary.passHatK.map((estimate) => [
        `pass^${estimate.k}`,
        { mean: estimate.mean, ci95: estimate.ci95, problems: estimate.problems },
      ]),
    ),
    problems: Object.fromEntries(
      summary.problems.map((problem) => [
        problem.id,
        {
          n: problem.n,
          c: problem.c,
          ...Object.fromEntries(Object.entries(problem.values).map(([k, value]) => [`pass@${k}`, value])),
          ...Object.fromEntries(Object.entries(problem.passHat).map(([k, value]) => [`pass^${k}`, value])),
        },
      ]),
    ),
  };
}

export interface BenchmarkResultInput {
  summary: BenchmarkSummary;
  model: string;
  timestamp: string;
  config: Record<string, unknown>;
  metrics: AggregatedMetrics;
  records: readonly SampleRecord[];
}

export function benchmarkResult(input: BenchmarkResultInput): Record<string, unknown> {
  const { summary } = input;
  return {
    benchmark: summary.benchmark,
    model: input.model,
    timestamp: input.timestamp,
    config: input.config,
    name: summary.benchmark,
    num_samples: summary.gradedSamples,
    planned_samples: summary.plannedSamples,
    is_complete: summary.isComplete,
    accuracy: summary.overall.accuracy,
    accuracy_ci95: summary.overall.ci95,
    accuracy_stderr: summary.overall.standardError,
    confidence_interval_95: summary.overall.normalCi95,
    ...scoreErrorBars(input.records),
    num_correct: summary.overall.correct,
    ...(summary.overallNorm === undefined
      ? {}
      : {
          accuracy_norm: summary.overallNorm.accuracy,
          accuracy_norm_ci95: summary.overallNorm.ci95,
          accuracy_norm_stderr: summary.overallNorm.standardError,
          num_correct_norm: summary.overallNorm.correct,
        }),
    ...(summary.extraGraders === undefined ? {} : { extra_metrics: extraMetrics(summary.extraGraders) }),
    ...(summary.scoreMetrics === undefined ? {} : { metrics: scoreMetricsJson(summary.scoreMetrics) }),
    ...(summary.headline === undefined ? {} : { headline: headlineJson(summary.headline) }),
    ...(summary.isMetricsOnly === true ? { metrics_only: true } : {}),
    ...(summary.passAtK === undefined ? {} : { pass_at_k: passAtKJson(summary.passAtK) }),
    macro_accuracy: summary.macroAccuracy,
    score: summary.meanScore,
    num_errors: summary.errors,
    num_unparsed: summary.unparsed,
    num_truncated: summary.truncated,
    // Every grader reads the answer with its reasoning removed (<think> blocks and reasoning_content).
    reasoning: { removed_before_grading: true, samples_with_reasoning: summary.withReasoning },
    ...(summary.skipped === undefined
      ? {}
      : { num_skipped: summary.skipped.count, skipped_reason: summary.skipped.reason }),
    tasks: summary.tasks.map(taskJson),
    ...(summary.taskGroups === undefined
      ? {}
      : {
          task_groups: Object.fromEntries(
            summary.taskGroups.map((group) => [
              group.name,
              {
                kind: group.kind,
                accuracy: group.accuracy,
                ci95: group.ci95,
                stderr: group.standardError,
                num_samples: group.total,
                tasks: group.tasks,
              },
            ]),
          ),
        }),
    ...(summary.facets === undefined ? {} : { breakdowns: breakdownsJson(summary.facets) }),
    ...(summary.facetGrids === undefined ? {} : { grids: summary.facetGrids.map(gridJson) }),
    aggregated_metrics: input.metrics,
    sample_results: input.records.map((record) => ({
      id: record.id,
      task: record.task,
      ...(record.facets === undefined ? {} : { facets: record.facets }),
      correct: record.correct,
      ...(record.correct_norm === undefined ? {} : { correct_norm: record.correct_norm }),
      ...(record.extra_grades === undefined ? {} : { extra_grades: record.extra_grades }),
      score: record.score,
      extracted: record.extracted,
      gold: record.gold,
      unparsed: record.unparsed,
      truncated: record.truncated,
      status: record.status,
      finish_reason: record.finish_reason,
      response: record.response,
      ...(record.scores === undefined ? {} : { scores: record.scores }),
      ...(record.details === undefined ? {} : { details: record.details }),
      ...(record.tool_calls === undefined ? {} : { tool_calls: record.tool_calls }),
      ttft_ms: record.timings.ttft_ms,
      e2e_ms: record.timings.e2e_ms,
    })),
  };
}

/** `breakdowns`: facet → value → accuracy with its Wilson CI (and numeric scores' means), in the summary's order. */
function breakdownsJson(facets: readonly FacetSummary[]): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    facets.map(({ facet, values }) => [
      facet,
      Object.fromEntries(
        values.map(({ value, overall, meanScores }) => [
          value,
          {
            accuracy: overall.accuracy,
            ci95: overall.ci95,
            num_correct: overall.correct,
            num_samples: overall.total,
            ...(meanScores === undefined ? {} : { mean_scores: meanScores }),
          },
        ]),
      ),
    ]),
  );
}

/** A grid: its two facets, their values in order, and one cell per pair that has samples. */
function gridJson(grid: FacetGridSummary): Record<string, unknown> {
  return {
    rows: grid.rows,
    columns: grid.columns,
    row_values: grid.rowValues,
    column_values: grid.columnValues,
    cells: grid.cells.map((cell) => ({
      [grid.rows]: cell.row,
      [grid.columns]: cell.column,
      accuracy: cell.accuracy,
      num_correct: cell.correct,
      num_samples: cell.total,
    })),
  };
}
