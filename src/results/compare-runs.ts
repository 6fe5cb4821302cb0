// Side-by-side figures of several runs per benchmark, and a paired analysis of each run against the first.
import { type PairedDifference, pairedDifference } from "../stats/paired-difference.js";
import type { ComparedResults } from "./read-compared-results.js";
import type { BenchmarkResultFile } from "./read-run-results.js";

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
    return { benchmark, runs: holding.map(({ run, result }) => figures(run, result)), paired };
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
