// Side-by-side figures of several runs per benchmark, and a paired analysis of each run against the first: of the
// verdicts (McNemar), and of the headline score where the recipe has one (a paired bootstrap on the shared samples).
import type { HeadlineScore } from "../core/headline-score.js";
import { type PairedDifference, pairedDifference } from "../stats/paired-difference.js";
import { createSeededRandom } from "../stats/seeded-random.js";
import { percentile, sortSamples } from "../stats/summarize.js";
import type { ComparedResults } from "./read-compared-results.js";
import type { BenchmarkResultFile } from "./read-run-results.js";
import { type HeadlineSample, headlineLabel, headlineValue } from "./summarize-headline.js";

export interface RunFigures {
  run: string;
  /** The run directory or result file. */
  path: string;
  model: string;
  accuracy: number;
  numSamples: number;
  score: number;
  ci95: [number, number] | null;
  clusteredStandardError: number | null;
  metrics: Record<string, number | null>;
  /** The recipe's headline score (`rouge1 × 100`, a perplexity), when the result has one. */
  headline?: { label: string; value: number; ci95: [number, number] | null; higherIsBetter: boolean };
}

/** The headline score of a run against the first, on their shared graded samples (a paired bootstrap). */
export interface PairedHeadline {
  baseline: string;
  candidate: string;
  label: string;
  higherIsBetter: boolean;
  n: number;
  baselineValue: number;
  candidateValue: number;
  /** candidate − baseline. */
  difference: number;
  ci95: [number, number];
  /** Two-sided: twice the smaller share of resampled differences on either side of 0. */
  pValue: number;
  isSignificant: boolean;
  verdict: string;
}

export interface PairedComparison extends PairedDifference {
  baseline: string;
  candidate: string;
  isSignificant: boolean;
  verdict: string;
}

export interface BenchmarkComparison {
  benchmark: string;
  runs: RunFigures[];
  paired: PairedComparison[];
  /** Where the runs share a headline and their files carry per-sample scores. */
  pairedHeadlines: PairedHeadline[];
}

const SIGNIFICANCE = 0.05;

/** Benchmarks in the order they first appear; the first run holding a benchmark is its baseline. */
export function compareRuns(runs: readonly ComparedResults[]): BenchmarkComparison[] {
  const names = [...new Set(runs.flatMap((run) => run.benchmarks.map((result) => result.benchmark)))];
  return names.map((benchmark) => {
    const holding = runs.flatMap((run) => {
      const result = run.benchmarks.find((entry) => entry.benchmark === benchmark);
      return result === undefined ? [] : [{ run, result }];
    });
    const [first, ...others] = holding;
    const paired =
      first === undefined
        ? []
        : others.flatMap((other) => {
            const comparison = pairRuns(benchmark, first, other);
            return comparison === undefined ? [] : [comparison];
          });
    const pairedHeadlines =
      first === undefined
        ? []
        : others.flatMap((other) => {
            const comparison = pairHeadlines(benchmark, first, other);
            return comparison === undefined ? [] : [comparison];
          });
    return {
      benchmark,
      runs: holding.map(({ run, result }) => figures(run, result)),
      paired,
      pairedHeadlines,
    };
  });
}

function figures(run: ComparedResults, result: BenchmarkResultFile): RunFigures {
  return {
    run: run.label,
    path: run.path,
    model: result.model,
    accuracy: result.accuracy,
    numSamples: result.num_samples,
    score: result.score,
    ci95: result.accuracy_ci95 ?? null,
    clusteredStandardError: result.accuracy_clustered_stderr ?? null,
    metrics: result.aggregated_metrics ?? {},
    ...(result.headline === undefined
      ? {}
      : {
          headline: {
            label: headlineLabel(result.headline),
            value: result.headline.value,
            ci95: headlineCi(result.headline),
            higherIsBetter: result.headline.higher_is_better,
          },
        }),
  };
}

function headlineCi(headline: NonNullable<BenchmarkResultFile["headline"]>): [number, number] | null {
  const ci = (headline as { ci95?: unknown }).ci95;
  return Array.isArray(ci) && ci.length === 2 && ci.every((value) => typeof value === "number")
    ? [ci[0] as number, ci[1] as number]
    : null;
}

/** A result's headline as `headlineValue` takes it back. */
function headlineOf(result: BenchmarkResultFile): HeadlineScore | undefined {
  const { headline } = result;
  if (headline === undefined) return undefined;
  return {
    metric: headline.metric,
    scale: headline.scale,
    higherIsBetter: headline.higher_is_better,
    ...(headline.aggregate === undefined ? {} : { aggregate: headline.aggregate }),
    ...(headline.geometric_mean_of === undefined ? {} : { geometricMeanOf: headline.geometric_mean_of }),
  };
}

/** Resamples of the paired headline bootstrap, seeded so that the same files give the same interval. */
const HEADLINE_RESAMPLES = 2000;

function pairHeadlines(benchmark: string, baseline: Held, candidate: Held): PairedHeadline | undefined {
  const headline = headlineOf(baseline.result);
  const other = headlineOf(candidate.result);
  if (
    headline === undefined ||
    other === undefined ||
    headline.metric !== other.metric ||
    headline.scale !== other.scale ||
    headline.aggregate !== other.aggregate
  ) {
    return undefined;
  }
  const scored = (result: BenchmarkResultFile) =>
    new Map(
      result.sample_results
        .filter((sample) => isGraded(sample) && sample.scores?.[headline.metric] !== undefined)
        .map((sample) => [sample.id, { task: sample.task, scores: sample.scores }] as const),
    );
  const before = scored(baseline.result);
  const after = scored(candidate.result);
  const shared: [HeadlineSample, HeadlineSample][] = [];
  for (const [id, sample] of after) {
    const base = before.get(id);
    if (base !== undefined) shared.push([base, sample]);
  }
  const baselineValue = headlineValue(
    shared.map(([base]) => base),
    headline,
  );
  const candidateValue = headlineValue(
    shared.map(([, sample]) => sample),
    headline,
  );
  if (baselineValue === undefined || candidateValue === undefined) return undefined;
  const random = createSeededRandom(0);
  const differences: number[] = [];
  const n = shared.length;
  for (let r = 0; r < HEADLINE_RESAMPLES; r++) {
    const drawn = Array.from(
      { length: n },
      () => shared[Math.floor(random() * n)] as [HeadlineSample, HeadlineSample],
    );
    const base = headlineValue(
      drawn.map(([sample]) => sample),
      headline,
    );
    const cand = headlineValue(
      drawn.map(([, sample]) => sample),
      headline,
    );
    if (base !== undefined && cand !== undefined) differences.push(cand - base);
  }
  const sorted = sortSamples(differences);
  const below = differences.filter((value) => value <= 0).length / differences.length;
  const above = differences.filter((value) => value >= 0).length / differences.length;
  // At the bootstrap's resolution: a side no resample reached counts as one in HEADLINE_RESAMPLES.
  const pValue = Math.min(1, Math.max(2 * Math.min(below, above), 1 / HEADLINE_RESAMPLES));
  const difference = candidateValue - baselineValue;
  const isSignificant = pValue < SIGNIFICANCE;
  const label = headlineLabel(headline);
  const names = { baseline: baseline.run.label, candidate: candidate.run.label };
  const isWorse = headline.higherIsBetter ? difference < 0 : difference > 0;
  const change = `${difference >= 0 ? "+" : ""}${difference.toFixed(4)} ${label}`;
  const verdict = isSignificant
    ? `${names.candidate} is significantly ${isWorse ? "worse" : "better"} than ${names.baseline} on ${benchmark} (${change}${headline.higherIsBetter ? "" : ", lower is better"}, paired bootstrap p ${formatPValue(pValue)}).`
    : `No significant difference in ${label} between ${names.candidate} and ${names.baseline} on ${benchmark} (${change}, paired bootstrap p ${formatPValue(pValue)}).`;
  return {
    ...names,
    label,
    higherIsBetter: headline.higherIsBetter,
    n,
    baselineValue,
    candidateValue,
    difference,
    ci95: [percentile(sorted, 2.5), percentile(sorted, 97.5)],
    pValue,
    isSignificant,
    verdict,
  };
}

type Held = { run: ComparedResults; result: BenchmarkResultFile };

/** Graded samples only: a failed request is neither right nor wrong. */
const isGraded = (sample: { status?: string | undefined }): boolean =>
  sample.status === undefined || sample.status === "ok";

function pairRuns(benchmark: string, baseline: Held, candidate: Held): PairedComparison | undefined {
  const before = new Map(
    baseline.result.sample_results.filter(isGraded).map((sample) => [sample.id, sample.correct ? 1 : 0]),
  );
  const baselineScores: number[] = [];
  const candidateScores: number[] = [];
  for (const sample of candidate.result.sample_results.filter(isGraded)) {
    const score = before.get(sample.id);
    if (score === undefined) continue;
    baselineScores.push(score);
    candidateScores.push(sample.correct ? 1 : 0);
  }
  if (baselineScores.length === 0) return undefined;
  const difference = pairedDifference({ baseline: baselineScores, candidate: candidateScores });
  const isSignificant = difference.pValue < SIGNIFICANCE;
  const names = { baseline: baseline.run.label, candidate: candidate.run.label };
  return {
    ...difference,
    ...names,
    isSignificant,
    verdict: verdictOf(benchmark, names, difference, isSignificant),
  };
}

function verdictOf(
  benchmark: string,
  names: { baseline: string; candidate: string },
  difference: PairedDifference,
  isSignificant: boolean,
): string {
  const points = `${difference.difference >= 0 ? "+" : ""}${(difference.difference * 100).toFixed(2)} points`;
  const p = formatPValue(difference.pValue);
  if (!isSignificant) {
    return `No significant difference between ${names.candidate} and ${names.baseline} on ${benchmark} (${points}, McNemar p ${p}).`;
  }
  const direction = difference.difference < 0 ? "worse" : "better";
  return `${names.candidate} is significantly ${direction} than ${names.baseline} on ${benchmark} (${points}, McNemar p ${p}).`;
}

export function formatPValue(p: number): string {
  if (p < 1e-4) return `= ${p.toExponential(1)}`;
  return `= ${p.toPrecision(2)}`;
}
