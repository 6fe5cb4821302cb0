// The headline of a recipe that is not judged by accuracy (`Recipe.headline`): its metric's mean and 95% CI on the
// reference's scale (rouge1 × 100, perplexity × 1), or the mean over tasks of each task's value (ZeroSCROLLS), and
// which way is better — what the console leads with and `gate` judges.
import type { HeadlineScore } from "../core/headline-score.js";
import type { SampleRecord } from "../core/sample-record.js";
import { createSeededRandom } from "../stats/seeded-random.js";
import { percentile, sortSamples } from "../stats/summarize.js";
import type { ScoreMetric } from "./summarize-scores.js";

export interface HeadlineSummary {
  metric: string;
  scale: number;
  higherIsBetter: boolean;
  /** The metric's mean (or pooled ratio) × scale; for "task-mean", the mean of the tasks' values × scale. */
  value: number;
  ci95: [number, number];
  standardError: number;
  /** Samples that carried the metric. */
  count: number;
  /** "task-mean": each task's value × scale, by task. */
  tasks?: Record<string, number>;
  /** How it was aggregated (`HeadlineScore.aggregate`, `geometricMeanOf`), for `compare` to recompute it. */
  aggregate?: "task-mean";
  geometricMeanOf?: readonly string[];
}

/** Resamples of the task-mean's stratified bootstrap, seeded so the same records give the same interval. */
const RESAMPLES = 2000;
const SEED = 0;

/**
 * undefined when no graded sample carried the metric (every request failed, or another grader was chosen).
 * `metrics` are the records' score metrics (summarizeScores), `records` the graded and failed records.
 */
export function summarizeHeadline(
  metrics: readonly ScoreMetric[],
  records: readonly SampleRecord[],
  headline: HeadlineScore,
): HeadlineSummary | undefined {
  if (headline.aggregate === "task-mean") return taskMean(records, headline);
  const metric = metrics.find((candidate) => candidate.name === headline.metric);
  if (metric === undefined) return undefined;
  const { scale } = headline;
  return {
    metric: headline.metric,
    scale,
    higherIsBetter: headline.higherIsBetter,
    value: metric.mean * scale,
    ci95: [metric.ci95[0] * scale, metric.ci95[1] * scale],
    standardError: metric.standardError * scale,
    count: metric.count,
  };
}

/** One task's graded samples as columns: the headline metric, and each `geometricMeanOf` metric when all carry it. */
interface TaskColumns {
  task: string;
  values: number[];
  geometric: number[][] | undefined;
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return undefined;
}

/** One graded sample's named values, as a record or a result file's `sample_results` hold them. */
export interface HeadlineSample {
  task: string;
  scores?: Readonly<Record<string, unknown>> | undefined;
}

function taskColumns(records: readonly HeadlineSample[], headline: HeadlineScore): TaskColumns[] {
  const byTask = new Map<string, HeadlineSample[]>();
  for (const record of records) {
    if (numberOf(record.scores?.[headline.metric]) === undefined) continue;
    const group = byTask.get(record.task);
    if (group === undefined) byTask.set(record.task, [record]);
    else group.push(record);
  }
  const names = headline.geometricMeanOf ?? [];
  return [...byTask]
    .sort(([left], [right]) => left.localeCompare(right))
    .map(([task, group]) => {
      const columns = names.map((name) => group.map((record) => numberOf(record.scores?.[name])));
      const isGeometric =
        names.length > 0 && columns.every((column) => column.every((value) => value !== undefined));
      return {
        task,
        values: group.map((record) => numberOf(record.scores?.[headline.metric]) ?? 0),
        geometric: isGeometric ? (columns as number[][]) : undefined,
      };
    });
}

const mean = (values: readonly number[]): number =>
  values.reduce((sum, value) => sum + value, 0) / values.length;

/** A task's value from the rows `rows` of its columns (all of them, or a resample). */
function taskValue(columns: TaskColumns, rows: readonly number[]): number {
  if (columns.geometric === undefined) return mean(rows.map((row) => columns.values[row] ?? 0));
  const means = columns.geometric.map((column) => mean(rows.map((row) => column[row] ?? 0)));
  return means.reduce((product, value) => product * value, 1) ** (1 / means.length);
}

/** "task-mean": tasks' values, their mean, and a bootstrap CI that resamples each task's samples within the task. */
function taskMean(records: readonly SampleRecord[], headline: HeadlineScore): HeadlineSummary | undefined {
  const tasks = taskColumns(
    records.filter((record) => record.status === "ok"),
    headline,
  );
  if (tasks.length === 0) return undefined;
  const all = tasks.map((task) => Array.from({ length: task.values.length }, (_, row) => row));
  const values = tasks.map((task, index) => taskValue(task, all[index] ?? []));
  const random = createSeededRandom(SEED);
  const resampled: number[] = [];
  for (let r = 0; r < RESAMPLES; r++) {
    const means = tasks.map((task) => {
      const n = task.values.length;
      const rows = Array.from({ length: n }, () => Math.floor(random() * n));
      return taskValue(task, rows);
    });
    resampled.push(mean(means));
  }
  const sorted = sortSamples(resampled);
  const center = mean(resampled);
  const spread = Math.sqrt(mean(resampled.map((value) => (value - center) ** 2)));
  const { scale } = headline;
  return {
    metric: headline.metric,
    scale,
    higherIsBetter: headline.higherIsBetter,
    value: mean(values) * scale,
    ci95: [percentile(sorted, 2.5) * scale, percentile(sorted, 97.5) * scale],
    standardError: spread * scale,
    count: tasks.reduce((sum, task) => sum + task.values.length, 0),
    tasks: Object.fromEntries(tasks.map((task, index) => [task.task, (values[index] ?? 0) * scale])),
    aggregate: "task-mean",
    ...(headline.geometricMeanOf === undefined ? {} : { geometricMeanOf: headline.geometricMeanOf }),
  };
}

/** `rouge1 × 100`, `perplexity`, `score × 100 (mean over tasks)`: how the headline is named in tables. */
export function headlineLabel(
  headline: Pick<HeadlineSummary, "metric" | "scale"> & { tasks?: unknown },
): string {
  const scaled = headline.scale === 1 ? headline.metric : `${headline.metric} × ${headline.scale}`;
  return headline.tasks === undefined ? scaled : `${scaled} (mean over tasks)`;
}

/** A `ratio(n, d)` part as a scorer gives it (`exp: true`: a perplexity). */
function ratioPart(value: unknown): { numerator: number; denominator: number; exp: boolean } | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const { numerator, denominator, exp } = value as Record<string, unknown>;
  if (typeof numerator !== "number" || typeof denominator !== "number") return undefined;
  return { numerator, denominator, exp: exp === true };
}

/**
 * The headline's value (× scale) of some graded samples' named values, as `summarizeHeadline` computes it without
 * its CI: the metric's mean (a ratio pooled, exp of it for a perplexity) or the mean over tasks. undefined when no
 * sample carries the metric. For `compare`'s paired bootstrap, which recomputes it on resampled shared samples.
 */
export function headlineValue(
  samples: readonly HeadlineSample[],
  headline: HeadlineScore,
): number | undefined {
  if (headline.aggregate === "task-mean") {
    const tasks = taskColumns(samples, headline);
    if (tasks.length === 0) return undefined;
    const values = tasks.map((task) =>
      taskValue(
        task,
        task.values.map((_, row) => row),
      ),
    );
    return mean(values) * headline.scale;
  }
  const values = samples
    .map((sample) => sample.scores?.[headline.metric])
    .filter((value) => value !== undefined);
  if (values.length === 0) return undefined;
  const parts = values.map(ratioPart);
  if (parts.every((part) => part !== undefined)) {
    const numerator = parts.reduce((sum, part) => sum + (part?.numerator ?? 0), 0);
    const denominator = parts.reduce((sum, part) => sum + (part?.denominator ?? 0), 0);
    const ratio = denominator === 0 ? 0 : numerator / denominator;
    return (parts.every((part) => part?.exp === true) ? Math.exp(ratio) : ratio) * headline.scale;
  }
  const numbers = values.map(
    (value, index) =>
      numberOf(value) ??
      (parts[index] === undefined || parts[index]?.denominator === 0
        ? 0
        : (parts[index]?.numerator ?? 0) / (parts[index]?.denominator ?? 1)),
  );
  return mean(numbers) * headline.scale;
}
