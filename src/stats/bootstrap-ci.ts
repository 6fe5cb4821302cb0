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
  const means: number[] = new Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += scores[Math.floor(options.random() * n)] ?? 0;
    means[r] = sum / n;
  }
  const sorted = sortSamples(means);
  const tail = ((1 - confidence) / 2) * 100;
  return { mean: total / n, ci: [percentile(sorted, tail), percentile(sorted, 100 - tail)], resamples };
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
