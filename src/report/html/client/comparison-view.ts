/// <reference lib="dom" />
// The views of a comparison's report — accuracy side by side with the paired tests, the flipped samples, the latency
// distributions overlaid — and the wording they share (run names, points, p-values, verdicts).
// Client code: exported function declarations only (see dom.ts).
import type { BenchmarkComparisonData, ComparisonReportData, PairedData } from "../comparison-data.js";
import type { BenchmarkData } from "../report-model.js";
import type { ReportView } from "./app.js";
import { comparisonAccuracy } from "./comparison-accuracy.js";
import { comparisonFlips } from "./comparison-flips.js";
import { comparisonLatency } from "./comparison-latency.js";

export function comparisonViews(data: ComparisonReportData): ReportView[] {
  return [
    { id: "accuracy", title: "Accuracy", render: () => comparisonAccuracy(data) },
    { id: "flips", title: "Flipped samples", needsSamples: true, render: () => comparisonFlips(data) },
    { id: "latency", title: "Latency", render: () => comparisonLatency(data) },
  ];
}

/** A run's name on the page: its label (the run directory's name). */
export function comparisonRunName(data: ComparisonReportData, run: number): string {
  return data.runs[run]?.label ?? `run ${run + 1}`;
}

/** One run's data of a benchmark, or null when the run does not have it. */
export function comparisonBenchmarkOf(
  data: ComparisonReportData,
  benchmark: BenchmarkComparisonData,
  run: number,
): BenchmarkData | null {
  const place = benchmark.placeInRun[run];
  return place === null || place === undefined ? null : (data.runs[run]?.benchmarks[place] ?? null);
}

/** A difference of fractions in percentage points, signed ("−4.10", "+0.25"). */
export function formatPoints(difference: number, digits = 2): string {
  const text = Math.abs(difference * 100).toFixed(digits);
  if (Number(text) === 0) return text;
  return `${difference < 0 ? "−" : "+"}${text}`;
}

/** A p-value as `compare` writes it: two significant digits, or one in exponent form below 1e-4. */
export function formatPValueText(p: number): string {
  return p < 1e-4 ? p.toExponential(1) : p.toPrecision(2);
}

/** A paired comparison stated plainly: "B is 4.10 points lower than A, p = 0.0030: significant at 0.05." */
export function pairedVerdictText(data: ComparisonReportData, pair: PairedData): string {
  const candidate = comparisonRunName(data, pair.candidate);
  const baseline = comparisonRunName(data, pair.baseline);
  const points = Math.abs(pair.difference * 100).toFixed(2);
  const change =
    Number(points) === 0
      ? `${candidate} scores the same as ${baseline}`
      : `${candidate} is ${points} points ${pair.difference < 0 ? "lower" : "higher"} than ${baseline}`;
  const significance = pair.isSignificant ? "significant at 0.05" : "not significant at 0.05";
  return `${change} on ${pair.n.toLocaleString()} shared samples, McNemar p = ${formatPValueText(pair.pValue)}: ${significance}.`;
}

/** The class of a verdict: better or worse when significant, else neutral. */
export function pairedVerdictClass(pair: PairedData): string {
  if (!pair.isSignificant) return "verdict neutral";
  return pair.difference < 0 ? "verdict worse" : "verdict better";
}

/** The raw figures of a paired comparison as `data-*` attributes (tests compare them with `compare --json`). */
export function pairedAttributes(pair: PairedData): Record<string, string | number> {
  return {
    "data-baseline": pair.baseline,
    "data-candidate": pair.candidate,
    "data-n": pair.n,
    "data-difference": pair.difference,
    "data-standard-error": pair.standardError,
    "data-ci-low": pair.ci95[0],
    "data-ci-high": pair.ci95[1],
    "data-p-value": pair.pValue,
    "data-right-to-wrong": pair.rightToWrong,
    "data-wrong-to-right": pair.wrongToRight,
    "data-significant": String(pair.isSignificant),
  };
}
