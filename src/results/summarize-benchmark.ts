// Accuracy of one benchmark from its journal records: overall (micro) with a 95% CI, per task, and macro average.

import type { HeadlineScore } from "../core/headline-score.js";
import type { SampleRecord } from "../core/sample-record.js";
import type { TaskGroup } from "../core/task-group.js";
import { type ProportionEstimate, proportionCi } from "../stats/proportion-ci.js";
import {
  type FacetGridSummary,
  type FacetLayout,
  type FacetSummary,
  summarizeFacetGrids,
  summarizeFacets,
} from "./summarize-facets.js";
import { type HeadlineSummary, summarizeHeadline } from "./summarize-headline.js";
import type { PassAtKSummary } from "./summarize-pass-at-k.js";
import { type ScoreMetric, summarizeScores, summarizeScoresByTask } from "./summarize-scores.js";
import { summarizeTaskGroups, type TaskGroupAccuracy } from "./summarize-task-groups.js";

export interface TaskAccuracy {
  task: string;
  correct: number;
  total: number;
  accuracy: number;
  /** Loglikelihood scoring only: acc_norm's count and accuracy for the task. */
  correctNorm?: number;
  accuracyNorm?: number;
  /** A scorer's metrics over the task's samples (Multi-IF's per-language ones); only with more than one task. */
  metrics?: ScoreMetric[];
}

/** One extra grader's accuracy (a recipe's `extraGraders`): its verdicts over the graded samples that carry one. */
export interface ExtraGraderAccuracy {
  grader: string;
  overall: ProportionEstimate;
}

/** What a benchmark says about its summary: its task groups and facets (a `Benchmark` has these fields). */
export interface BenchmarkLayout extends FacetLayout {
  readonly taskGroups?: readonly TaskGroup[];
  /** The recipe's headline score when it is not accuracy (`Recipe.headline`). */
  readonly headline?: HeadlineScore | undefined;
}

export interface BenchmarkSummary {
  benchmark: string;
  /** Samples the run planned. */
  plannedSamples: number;
  /** Samples whose answer was graded: the accuracy's denominator (failed requests are not graded). */
  gradedSamples: number;
  overall: ProportionEstimate;
  /** Loglikelihood scoring: acc_norm (records' `correct_norm`, over the graded samples). */
  overallNorm?: ProportionEstimate;
  /** The recipe's extra graders (records' `extra_grades`), in the order the records name them; absent when none. */
  extraGraders?: ExtraGraderAccuracy[];
  /** A scorer's named values (records' `scores`) as metrics with 95% CIs; absent when no record has scores. */
  scoreMetrics?: ScoreMetric[];
  /** Unweighted mean of the per-task accuracies. */
  macroAccuracy: number;
  /** Mean grader score (equals accuracy for binary graders). */
  meanScore: number;
  tasks: TaskAccuracy[];
  /** The benchmark's task groups (`Benchmark.taskGroups`) whose tasks were all graded; absent when it has none. */
  taskGroups?: TaskGroupAccuracy[];
  /** Accuracy per value of each facet the records carry (`BenchmarkSample.facets`); absent when none. */
  facets?: FacetSummary[];
  /** The benchmark's facet grids (`Benchmark.facetGrids`) over the graded records; absent when none. */
  facetGrids?: FacetGridSummary[];
  /** Samples whose request failed after its retries: not graded, left for `--resume`. */
  errors: number;
  unparsed: number;
  truncated: number;
  /** Responses whose finish_reason was `length` (the token limit); `truncated` also counts unclosed think blocks. */
  lengthFinished: number;
  /**
   * Graded answers that came with reasoning (`reasoning_content`, or a `<think>` block): it was removed before
   * grading, which saw the answer text only.
   */
  withReasoning: number;
  /** Every planned sample was graded (none failed, none left unsent). */
  isComplete: boolean;
  /** Samples the loader left out on purpose (e.g. HLE's image questions), with why. */
  skipped?: { count: number; reason: string };
  /**
   * True when the scorer gave only numbers (no `correct`, no boolean: rouge, bleu …): there is no accuracy, the
   * metrics say it all.
   */
  isMetricsOnly?: boolean;
  /** `--num-samples-per-task N` > 1: pass@k per problem and overall. */
  passAtK?: PassAtKSummary;
  /** The recipe's headline score (`Recipe.headline`) when it is not accuracy and a graded sample carried it. */
  headline?: HeadlineSummary;
}

/**
 * `records` must hold at most one record per sample. A sample whose request failed is counted in `errors` and left
 * out of every figure: a failure is not a wrong answer, and the accuracy is over the graded samples only.
 */
export function summarizeBenchmark(
  benchmark: string,
  plannedSamples: number,
  records: readonly SampleRecord[],
  layout: BenchmarkLayout = {},
): BenchmarkSummary {
  const { taskGroups } = layout;
  const byTask = new Map<string, TaskAccuracy>();
  const correctNormByTask = new Map<string, number>();
  let correct = 0;
  let scoreSum = 0;
  let errors = 0;
  let unparsed = 0;
  let truncated = 0;
  let lengthFinished = 0;
  let withReasoning = 0;
  let correctNorm = 0;
  let hasNorm = false;
  let graded = 0;
  const extraCounts = new Map<string, { correct: number; total: number }>();
  for (const record of records) {
    if (record.status !== "ok") {
      errors++;
      continue;
    }
    graded++;
    for (const [grader, verdict] of Object.entries(record.extra_grades ?? {})) {
      const count = extraCounts.get(grader) ?? { correct: 0, total: 0 };
      count.total++;
      if (verdict.correct) count.correct++;
      extraCounts.set(grader, count);
    }
    if (record.correct_norm !== undefined) hasNorm = true;
    if (record.correct_norm === true) {
      correctNorm++;
      correctNormByTask.set(record.task, (correctNormByTask.get(record.task) ?? 0) + 1);
    }
    let row = byTask.get(record.task);
    if (row === undefined) {
      row = { task: record.task, correct: 0, total: 0, accuracy: 0 };
      byTask.set(record.task, row);
    }
    row.total++;
    if (record.correct) {
      row.correct++;
      correct++;
    }
    scoreSum += record.score;
    if (record.unparsed) unparsed++;
    if (record.truncated) truncated++;
    if (record.finish_reason === "length") lengthFinished++;
    if (record.reasoning !== "") withReasoning++;
  }
  const tasks = [...byTask.values()].sort((left, right) => left.task.localeCompare(right.task));
  const scoreMetrics = summarizeScores(records);
  const metricsByTask = tasks.length > 1 ? summarizeScoresByTask(records) : new Map<string, ScoreMetric[]>();
  for (const row of tasks) {
    const metrics = metricsByTask.get(row.task);
    if (metrics !== undefined) row.metrics = metrics;
    row.accuracy = row.total === 0 ? 0 : row.correct / row.total;
    if (hasNorm) {
      row.correctNorm = correctNormByTask.get(row.task) ?? 0;
      row.accuracyNorm = row.total === 0 ? 0 : row.correctNorm / row.total;
    }
  }
  const headline =
    layout.headline === undefined ? undefined : summarizeHeadline(scoreMetrics, records, layout.headline);
  const facets = summarizeFacets(records, layout);
  const facetGrids = summarizeFacetGrids(records, layout);
  const macroAccuracy =
    tasks.length === 0 ? 0 : tasks.reduce((sum, row) => sum + row.accuracy, 0) / tasks.length;
  return {
    benchmark,
    plannedSamples,
    gradedSamples: graded,
    overall: proportionCi(correct, graded),
    macroAccuracy,
    meanScore: graded === 0 ? 0 : scoreSum / graded,
    tasks,
    errors,
    unparsed,
    truncated,
    lengthFinished,
    withReasoning,
    isComplete: graded === plannedSamples,
    ...(taskGroups === undefined ? {} : { taskGroups: summarizeTaskGroups(taskGroups, tasks) }),
    ...(facets.length === 0 ? {} : { facets }),
    ...(facetGrids.length === 0 ? {} : { facetGrids }),
    ...(hasNorm ? { overallNorm: proportionCi(correctNorm, graded) } : {}),
    ...(scoreMetrics.length === 0 ? {} : { scoreMetrics }),
    ...(headline === undefined ? {} : { headline }),
    ...(scoreMetrics.length > 0 && scoreMetrics.every((metric) => metric.kind !== "boolean")
      ? { isMetricsOnly: true }
      : {}),
    ...(extraCounts.size === 0
      ? {}
      : {
          extraGraders: [...extraCounts].map(([grader, count]) => ({
            grader,
            overall: proportionCi(count.correct, count.total),
          })),
        }),
  };
}
