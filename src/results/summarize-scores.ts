// The metrics of a scorer's named values (journal `scores`): for each name, its mean over the samples that carry it
// with a 95% CI — Wilson for booleans (as accuracy), a seeded percentile bootstrap for numbers.
import type { SampleRecord } from "../core/sample-record.js";
import { bootstrapMeanCi } from "../stats/bootstrap-ci.js";
import { proportionCi } from "../stats/proportion-ci.js";
import { createSeededRandom } from "../stats/seeded-random.js";

export interface ScoreMetric {
  name: string;
  /** "boolean" when every value was a boolean (the mean is a proportion), else "number". */
  kind: "boolean" | "number";
  /** Samples that carried the value. */
  count: number;
  mean: number;
  ci95: [number, number];
  /** Population standard deviation / √count (NeMo BYOB's `stderr`). */
  standardError: number;
  /** Population standard deviation (divided by count). */
  stddev: number;
}

/** Resamples of a numeric metric's bootstrap, seeded so that the same records give the same interval. */
const BOOTSTRAP_RESAMPLES = 2000;
const BOOTSTRAP_SEED = 0;

/** One metric per name, in the order names first appear; graded (status "ok") records only; empty when none. */
export function summarizeScores(records: readonly SampleRecord[]): ScoreMetric[] {
  const values = new Map<string, { numbers: number[]; isBoolean: boolean }>();
  for (const record of records) {
    if (record.status !== "ok" || record.scores === undefined) continue;
    for (const [name, value] of Object.entries(record.scores)) {
      let entry = values.get(name);
      if (entry === undefined) {
        entry = { numbers: [], isBoolean: true };
        values.set(name, entry);
      }
      entry.numbers.push(Number(value));
      if (typeof value !== "boolean") entry.isBoolean = false;
    }
  }
  return [...values].map(([name, { numbers, isBoolean }]) => {
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
  });
}
