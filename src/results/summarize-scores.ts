// The metrics of a scorer's named values (journal `scores`): for each name, its mean over the samples that carry it
// with a 95% CI — Wilson for booleans (as accuracy), a seeded percentile bootstrap for numbers — or, for
// `ratio(n, d)` values, the pooled ratio Σn / Σd with a bootstrap CI over samples (exp of it for a perplexity).
import type { SampleRecord } from "../core/sample-record.js";
import { bootstrapMeanCi, bootstrapRatioCi } from "../stats/bootstrap-ci.js";
import { proportionCi } from "../stats/proportion-ci.js";
import { createSeededRandom } from "../stats/seeded-random.js";

export interface ScoreMetric {
  name: string;
  /**
   * "boolean" when every value was a boolean (the mean is a proportion), "ratio" when every value was a ratio part
   * (the mean is Σ numerators / Σ denominators), else "number".
   */
  kind: "boolean" | "number" | "ratio";
  /** Samples that carried the value. */
  count: number;
  mean: number;
  ci95: [number, number];
  /**
   * Population standard deviation / √count (NeMo BYOB's `stderr`); for a ratio, the linearised (delta-method)
   * standard error of Σn / Σd.
   */
  standardError: number;
  /** Population standard deviation (divided by count); for a ratio, that of the linearised residuals n − R·d over mean d. */
  stddev: number;
  /** A ratio's sums: Σ numerators and Σ denominators. */
  numerator?: number;
  denominator?: number;
  /**
   * A perplexity (`ratio` parts with `exp: true`): the mean is exp(Σn / Σd), the CI the bootstrap's ends through exp,
   * the standard error and deviation the delta method's exp(R)·se(R).
   */
  exp?: true;
}

/** Resamples of a numeric metric's bootstrap, seeded so that the same records give the same interval. */
const BOOTSTRAP_RESAMPLES = 2000;
const BOOTSTRAP_SEED = 0;

type Part = { numerator: number; denominator: number };

interface Collected {
  numbers: number[];
  parts: Part[];
  isBoolean: boolean;
  /** Every ratio part said `exp: true`. */
  isExp: boolean;
}

function meanMetric(name: string, numbers: readonly number[], isBoolean: boolean): ScoreMetric {
  const count = numbers.length;
  const mean = numbers.reduce((sum, value) => sum + value, 0) / count;
  const variance = numbers.reduce((sum, value) => sum + (value - mean) ** 2, 0) / count;
  const stddev = Math.sqrt(variance);
  const standardError = count <= 1 ? 0 : stddev / Math.sqrt(count);
  const ci95: [number, number] = isBoolean
    ? proportionCi(Math.round(mean * count), count).ci95
    : bootstrapMeanCi(numbers, {
        random: createSeededRandom(BOOTSTRAP_SEED),
        resamples: BOOTSTRAP_RESAMPLES,
      }).ci;
  return { name, kind: isBoolean ? "boolean" : "number", count, mean, ci95, standardError, stddev };
}

function ratioMetric(name: string, parts: readonly Part[]): ScoreMetric {
  const count = parts.length;
  const { mean, ci } = bootstrapRatioCi(parts, {
    random: createSeededRandom(BOOTSTRAP_SEED),
    resamples: BOOTSTRAP_RESAMPLES,
  });
  const numerator = parts.reduce((sum, part) => sum + part.numerator, 0);
  const denominator = parts.reduce((sum, part) => sum + part.denominator, 0);
  const meanDenominator = denominator / count;
  const residualSquares = parts.reduce(
    (sum, part) => sum + (part.numerator - mean * part.denominator) ** 2,
    0,
  );
  const stddev = meanDenominator === 0 ? 0 : Math.sqrt(residualSquares / count) / meanDenominator;
  const standardError =
    count <= 1 || meanDenominator === 0
      ? 0
      : Math.sqrt(residualSquares / (count * (count - 1))) / meanDenominator;
  return { name, kind: "ratio", count, mean, ci95: ci, standardError, stddev, numerator, denominator };
}

/** exp of a pooled ratio (a perplexity from summed negative log-likelihoods over tokens, words or bytes). */
function expMetric(metric: ScoreMetric): ScoreMetric {
  const value = Math.exp(metric.mean);
  return {
    ...metric,
    mean: value,
    ci95: [Math.exp(metric.ci95[0]), Math.exp(metric.ci95[1])],
    standardError: value * metric.standardError,
    stddev: value * metric.stddev,
    exp: true,
  };
}

/** One metric per name, in the order names first appear; graded (status "ok") records only; empty when none. */
export function summarizeScores(records: readonly SampleRecord[]): ScoreMetric[] {
  const values = new Map<string, Collected>();
  for (const record of records) {
    if (record.status !== "ok" || record.scores === undefined) continue;
    for (const [name, value] of Object.entries(record.scores)) {
      let entry = values.get(name);
      if (entry === undefined) {
        entry = { numbers: [], parts: [], isBoolean: true, isExp: true };
        values.set(name, entry);
      }
      if (typeof value === "object") {
        entry.parts.push({ numerator: value.numerator, denominator: value.denominator });
        if (value.exp !== true) entry.isExp = false;
        continue;
      }
      entry.numbers.push(Number(value));
      if (typeof value !== "boolean") entry.isBoolean = false;
    }
  }
  return [...values].map(([name, { numbers, parts, isBoolean, isExp }]) => {
    if (parts.length > 0 && numbers.length === 0) {
      const metric = ratioMetric(name, parts);
      return isExp ? expMetric(metric) : metric;
    }
    // A name given as a ratio on some samples and a number on others: each ratio counts as its value.
    const all = [
      ...numbers,
      ...parts.map((part) => (part.denominator === 0 ? 0 : part.numerator / part.denominator)),
    ];
    return meanMetric(name, all, isBoolean && parts.length === 0);
  });
}

/** The same metrics for each task's records (tasks in first-seen order); empty when no record has scores. */
export function summarizeScoresByTask(records: readonly SampleRecord[]): Map<string, ScoreMetric[]> {
  const byTask = new Map<string, SampleRecord[]>();
  for (const record of records) {
    const group = byTask.get(record.task);
    if (group === undefined) byTask.set(record.task, [record]);
    else group.push(record);
  }
  const metrics = new Map<string, ScoreMetric[]>();
  for (const [task, group] of byTask) {
    const summary = summarizeScores(group);
    if (summary.length > 0) metrics.set(task, summary);
  }
  return metrics;
}
