// The data of a comparison report (`buildComparisonData`): each run's section, and per benchmark and task the
// accuracies side by side, the paired difference with its CI and McNemar p-value (`compareRuns`, as `compare`
// prints them) and the flipped samples with their places in both runs' sample lists.
import { compareRuns, type PairedComparison } from "../../results/compare-runs.js";
import type { ComparedResults } from "../../results/read-compared-results.js";
import type { BenchmarkResultFile } from "../../results/read-run-results.js";
import { readRunResults } from "../../results/read-run-results.js";
import { buildRunSection } from "./report-data.js";
import { REPORT_DATA_VERSION, type RunSection } from "./report-model.js";
import { StringTable } from "./string-table.js";

/** A paired comparison of a run (candidate) against the benchmark's first run (baseline); runs by index. */
export interface PairedData extends Omit<PairedComparison, "baseline" | "candidate"> {
  baseline: number;
  candidate: number;
}

/** A sample graded in both runs with opposite verdicts: its place in each run's `samples` of the benchmark. */
export interface FlipData {
  id: string;
  task: string;
  baselineSample: number;
  candidateSample: number;
}

export interface FlipsData {
  baseline: number;
  candidate: number;
  rightToWrong: FlipData[];
  wrongToRight: FlipData[];
}

export interface TaskComparisonData {
  task: string;
  /** Per run (by index in `runs`): the task's figures, or null when the run has no graded sample of it. */
  runs: ({ correct: number; total: number; accuracy: number; ci95: [number, number] } | null)[];
  paired: PairedData[];
}

export interface BenchmarkComparisonData {
  benchmark: string;
  /** Per run: the benchmark's index in that run's `benchmarks`, or null when the run does not have it. */
  placeInRun: (number | null)[];
  overall: PairedData[];
  tasks: TaskComparisonData[];
  flips: FlipsData[];
}

export interface ComparisonReportData {
  kind: "comparison";
  version: number;
  strings: string[];
  runs: RunSection[];
  benchmarks: BenchmarkComparisonData[];
}

/** Labels unique among the runs (two directories of the same name get " (2)", " (3)" …). */
function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} (${count})`;
  });
}

function pairedData(comparison: PairedComparison, runIndex: ReadonlyMap<string, number>): PairedData {
  return {
    ...comparison,
    baseline: runIndex.get(comparison.baseline) ?? -1,
    candidate: runIndex.get(comparison.candidate) ?? -1,
  };
}

const isGraded = (sample: { status?: string | undefined }): boolean =>
  sample.status === undefined || sample.status === "ok";

/** The runs restricted to one task of one benchmark, headline left out (the paired test is of the verdicts). */
function restrictToTask(
  runs: readonly ComparedResults[],
  benchmark: string,
  task: string,
): ComparedResults[] {
  return runs.map((run) => ({
    ...run,
    benchmarks: run.benchmarks
      .filter((result) => result.benchmark === benchmark)
      .map(
        ({ headline: _headline, ...result }): BenchmarkResultFile => ({
          ...result,
          sample_results: result.sample_results.filter((sample) => sample.task === task),
        }),
      ),
  }));
}

function flips(
  benchmark: string,
  baseline: number,
  candidate: number,
  runs: readonly ComparedResults[],
  sections: readonly RunSection[],
): FlipsData {
  const resultOf = (run: number) => runs[run]?.benchmarks.find((result) => result.benchmark === benchmark);
  const placesOf = (run: number) =>
    new Map(
      (sections[run]?.benchmarks.find((entry) => entry.name === benchmark)?.samples ?? []).map(
        (sample, index) => [sample.id, index],
      ),
    );
  const before = new Map(
    (resultOf(baseline)?.sample_results ?? []).filter(isGraded).map((sample) => [sample.id, sample.correct]),
  );
  const baselinePlaces = placesOf(baseline);
  const candidatePlaces = placesOf(candidate);
  const data: FlipsData = { baseline, candidate, rightToWrong: [], wrongToRight: [] };
  for (const sample of (resultOf(candidate)?.sample_results ?? []).filter(isGraded)) {
    const wasCorrect = before.get(sample.id);
    if (wasCorrect === undefined || wasCorrect === sample.correct) continue;
    const flip = {
      id: sample.id,
      task: sample.task,
      baselineSample: baselinePlaces.get(sample.id) ?? -1,
      candidateSample: candidatePlaces.get(sample.id) ?? -1,
    };
    (wasCorrect ? data.rightToWrong : data.wrongToRight).push(flip);
  }
  return data;
}

export function buildComparisonData(runDirs: readonly string[]): ComparisonReportData {
  const table = new StringTable();
  const results = runDirs.map((runDir) => readRunResults(runDir));
  const labels = uniqueLabels(results.map((run) => run.label));
  const sections = results.map((run, index) => ({
    ...buildRunSection(run.runDir, table, run),
    label: labels[index] ?? run.label,
  }));
  const runs: ComparedResults[] = results.map((run, index) => ({
    path: run.runDir,
    label: labels[index] ?? run.label,
    benchmarks: run.benchmarks,
  }));
  const runIndex = new Map(labels.map((label, index) => [label, index]));
  const benchmarks = compareRuns(runs).map((comparison): BenchmarkComparisonData => {
    const { benchmark } = comparison;
    const placeInRun = sections.map((section) => {
      const place = section.benchmarks.findIndex((entry) => entry.name === benchmark);
      return place === -1 ? null : place;
    });
    const taskNames = [
      ...new Set(
        sections.flatMap((section) =>
          (section.benchmarks.find((entry) => entry.name === benchmark)?.tasks ?? []).map((row) => row.task),
        ),
      ),
    ].sort((left, right) => left.localeCompare(right));
    const tasks = taskNames.map((task): TaskComparisonData => {
      const perRun = sections.map((section) => {
        const row = section.benchmarks
          .find((entry) => entry.name === benchmark)
          ?.tasks.find((entry) => entry.task === task);
        return row === undefined || row.total === 0
          ? null
          : { correct: row.correct, total: row.total, accuracy: row.accuracy, ci95: row.ci95 };
      });
      const paired = compareRuns(restrictToTask(runs, benchmark, task)).flatMap((entry) =>
        entry.paired.map((pair) => pairedData(pair, runIndex)),
      );
      return { task, runs: perRun, paired };
    });
    const overall = comparison.paired.map((pair) => pairedData(pair, runIndex));
    return {
      benchmark,
      placeInRun,
      overall,
      tasks,
      flips: overall.map((pair) => flips(benchmark, pair.baseline, pair.candidate, runs, sections)),
    };
  });
  return {
    kind: "comparison",
    version: REPORT_DATA_VERSION,
    strings: table.strings,
    runs: sections,
    benchmarks,
  };
}
