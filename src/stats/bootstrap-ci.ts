// Percentile bootstrap confidence interval of a mean, for scores that are not right/wrong.
import { percentile, sortSamples } from "./summarize.js";

export interface BootstrapOptions {
  /** Uniform numbers in [0, 1); inject a seeded one (`createSeededRandom`) for reproducible intervals. */
  random: () => number;
  /** Resamples drawn (default 2000). */
  resamples?: number;
  /** Coverage of the interval (default 0.95). */
  confidence?: number;
}

export interface BootstrapInterval {
  mean: number;
  ci: [number, number];
  resamples: number;
}

export function bootstrapMeanCi(scores: readonly number[], options: BootstrapOptions): BootstrapInterval {
  const resamples = options.resamples ?? 2000;
  const confidence = options.confidence ?? 0.95;
  const n = scores.length;
  if (n === 0) return { mean: Number.NaN, ci: [Number.NaN, Number.NaN], resamples };
  let total = 0;
  for (const score of scores) total += score;
  const tail = ((1 - confidence) / 2) * 100;
  const [low, high] =
    bootstrapMeanPercentiles([scores], [tail, 100 - tail], { ...options, resamples })[0] ?? [];
  return { mean: total / n, ci: [low ?? Number.NaN, high ?? Number.NaN], resamples };
}

/**
 * Percentiles (q in [0, 100], numpy's linear interpolation) of the resampled means of several equally long columns.
 * Each resample draws one row index per row and reads every column at it, as numpy resamples the rows of a
 * (sample × measure) matrix. Returns, per column, one value per requested percentile; NaN when there are no rows.
 */
export function bootstrapMeanPercentiles(
  columns: readonly (readonly number[])[],
  percentiles: readonly number[],
  options: Pick<BootstrapOptions, "random" | "resamples">,
): number[][] {
  const resamples = options.resamples ?? 2000;
  const n = columns[0]?.length ?? 0;
  if (n === 0) return columns.map(() => percentiles.map(() => Number.NaN));
  const means = columns.map(() => new Array<number>(resamples));
  const sums = new Array<number>(columns.length);
  for (let r = 0; r < resamples; r++) {
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const row = Math.floor(options.random() * n);
      for (let c = 0; c < columns.length; c++) sums[c] = (sums[c] ?? 0) + (columns[c]?.[row] ?? 0);
    }
    for (let c = 0; c < columns.length; c++) (means[c] as number[])[r] = (sums[c] ?? 0) / n;
  }
  return means.map((column) => {
    const sorted = sortSamples(column);
    return percentiles.map((q) => percentile(sorted, q));
  });
}

/** A pooled ratio Σ numerator / Σ denominator and its percentile bootstrap CI, resampling whole samples. */
export function bootstrapRatioCi(
  parts: readonly { numerator: number; denominator: number }[],
  options: BootstrapOptions,
): BootstrapInterval {
  const resamples = options.resamples ?? 2000;
  const confidence = options.confidence ?? 0.95;
  const n = parts.length;
  const ratioOf = (numerator: number, denominator: number): number =>
    denominator === 0 ? 0 : numerator / denominator;
  let numerator = 0;
  let denominator = 0;
  for (const part of parts) {
    numerator += part.numerator;
    denominator += part.denominator;
  }
  if (n === 0) return { mean: Number.NaN, ci: [Number.NaN, Number.NaN], resamples };
  const ratios: number[] = new Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let top = 0;
    let bottom = 0;
    for (let i = 0; i < n; i++) {
      const part = parts[Math.floor(options.random() * n)];
      top += part?.numerator ?? 0;
      bottom += part?.denominator ?? 0;
    }
    ratios[r] = ratioOf(top, bottom);
  }
  const sorted = sortSamples(ratios);
  const tail = ((1 - confidence) / 2) * 100;
  return {
    mean: ratioOf(numerator, denominator),
    ci: [percentile(sorted, tail), percentile(sorted, 100 - tail)],
    resamples,
  };
}
