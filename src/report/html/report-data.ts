// The data of a run's HTML report (`buildRunReportData`): per benchmark its accuracy figures as `<benchmark>.json`
// gives them, per task, every journalled sample for the browser, and the serving figures of the journal's timings.

import { join } from "node:path";
import { z } from "zod";
import type { SampleRecord } from "../../core/sample-record.js";
import { ConfigError } from "../../errors.js";
import { type BenchmarkResultFile, type RunResults, readRunResults } from "../../results/read-run-results.js";
import type { RunManifest } from "../../results/run-manifest.js";
import { isFaultFree } from "../../results/summarize-faults.js";
import { taskAccuracyCi } from "../../results/task-accuracy-ci.js";
import { readJournal } from "./read-journal.js";
import { type ReplicaData, replicaData } from "./replica-data.js";
import {
  type BenchmarkData,
  type FaultsData,
  type GateData,
  REPORT_DATA_VERSION,
  type RunReportData,
  type RunSection,
  type ServerMetricData,
} from "./report-model.js";
import { recordErrorClass, sampleData } from "./sample-data.js";
import { servingFigures, type TimedRequest } from "./serving-figures.js";
import { StringTable } from "./string-table.js";

const interval = z.tuple([z.number(), z.number()]);

/** The fields of `<benchmark>.json` the report shows beyond those `readRunResults` checks. */
const reportedFieldsSchema = z.looseObject({
  planned_samples: z.number().int().optional(),
  macro_accuracy: z.number().optional(),
  accuracy_clustered_ci95: interval.optional(),
  num_errors: z.number().int().optional(),
  num_unparsed: z.number().int().optional(),
  num_truncated: z.number().int().optional(),
  headline: z.looseObject({ ci95: interval.nullish() }).optional(),
  faults: z
    .looseObject({
      requests_retried: z.number().int(),
      samples_retried: z.number().int(),
      by_class: z.record(z.string(), z.number().int()),
      samples_failed: z.number().int(),
    })
    .optional(),
});

function reportedFields(result: BenchmarkResultFile, path: string): z.infer<typeof reportedFieldsSchema> {
  const parsed = reportedFieldsSchema.safeParse(result);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${path}: field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}.`);
  }
  return parsed.data;
}

/** Tasks as the file lists them, else (files written before tasks were reported) counted from its samples. */
function fileTasks(result: BenchmarkResultFile): { task: string; correct: number; total: number }[] {
  if (result.tasks !== undefined) return result.tasks;
  const counts = new Map<string, { task: string; correct: number; total: number }>();
  for (const sample of result.sample_results) {
    if (sample.status !== undefined && sample.status !== "ok") continue;
    const row = counts.get(sample.task) ?? { task: sample.task, correct: 0, total: 0 };
    row.total++;
    if (sample.correct) row.correct++;
    counts.set(sample.task, row);
  }
  return [...counts.values()].sort((left, right) => left.task.localeCompare(right.task));
}

/** The gate verdicts of one benchmark's result (the CLI judges with `reportGates` of runner/gate-run.ts). */
export type GateOf = (result: BenchmarkResultFile, model: string) => GateData[];

/** The scalar figures of `server_metrics` (the per-counter maps left out), in the file's order. */
function serverMetrics(result: BenchmarkResultFile): ServerMetricData[] | null {
  const scraped = (result as Record<string, unknown>)["server_metrics"];
  if (typeof scraped !== "object" || scraped === null) return null;
  return Object.entries(scraped).flatMap(([name, value]): ServerMetricData[] =>
    typeof value === "number" || typeof value === "string" || value === null ? [{ name, value }] : [],
  );
}

function benchmarkData(
  runDir: string,
  manifest: RunManifest,
  result: BenchmarkResultFile,
  records: readonly SampleRecord[],
  table: StringTable,
  gateOf: GateOf | undefined,
): BenchmarkData {
  const fields = reportedFields(result, join(runDir, `${result.benchmark}.json`));
  const tasks = taskAccuracyCi(fileTasks(result));
  const taskIndex = new Map(tasks.map((row, index) => [row.task, index]));
  const samples = records
    .filter((record) => record.benchmark === result.benchmark)
    .map((record) => {
      let index = taskIndex.get(record.task);
      if (index === undefined) {
        // A task with no graded sample (every request failed) is not in the file's table.
        index = tasks.length;
        tasks.push({ task: record.task, correct: 0, total: 0, accuracy: 0, ci95: [0, 1] });
        taskIndex.set(record.task, index);
      }
      return sampleData(record, index, table);
    });
  const entry = manifest.benchmarks.find((benchmark) => benchmark.name === result.benchmark);
  const { headline } = result;
  return {
    name: result.benchmark,
    model: result.model,
    recipe: entry?.recipe?.name ?? null,
    numSamples: result.num_samples,
    plannedSamples: fields.planned_samples ?? entry?.planned_samples ?? null,
    isComplete: result.is_complete ?? null,
    accuracy: {
      value: result.accuracy,
      ci95: result.accuracy_ci95 ?? null,
      standardError: result.accuracy_stderr ?? null,
    },
    clustered:
      result.accuracy_clustered_stderr === undefined || result.accuracy_clustered_stderr === null
        ? null
        : { standardError: result.accuracy_clustered_stderr, ci95: fields.accuracy_clustered_ci95 ?? null },
    macroAccuracy: fields.macro_accuracy ?? null,
    headline:
      headline === undefined
        ? null
        : {
            metric: headline.metric,
            scale: headline.scale,
            isHigherBetter: headline.higher_is_better,
            value: headline.value,
            ci95: fields.headline?.ci95 ?? null,
            numSamples: headline.num_samples,
          },
    numErrors: fields.num_errors ?? null,
    numUnparsed: fields.num_unparsed ?? null,
    numTruncated: fields.num_truncated ?? null,
    faults: faultsData(fields.faults),
    tasks,
    gates: gateOf?.(result, manifest.model) ?? [],
    servingMetrics: result.aggregated_metrics ?? {},
    ...replicasOf(result),
    serverMetrics: serverMetrics(result),
    samples,
  };
}

/** The file's fault totals; null when it has none (written before faults were counted) or nothing went wrong. */
function faultsData(faults: z.infer<typeof reportedFieldsSchema>["faults"]): FaultsData | null {
  if (faults === undefined || isFaultFree(faults)) return null;
  return {
    requestsRetried: faults.requests_retried,
    samplesRetried: faults.samples_retried,
    byClass: Object.entries(faults.by_class),
    samplesFailed: faults.samples_failed,
  };
}

function replicasOf(result: BenchmarkResultFile): { replicas?: ReplicaData[] } {
  const replicas = replicaData(result);
  return replicas === undefined ? {} : { replicas };
}

/** Each session's start, ms after the first's: a journal's `sent_at_ms` is relative to its own session. */
export function sessionOffsetsMs(manifest: RunManifest): number[] {
  const first = Date.parse(manifest.sessions[0]?.started_at ?? "");
  return manifest.sessions.map((session) => {
    const offset = Date.parse(session.started_at) - first;
    return Number.isFinite(offset) ? offset : 0;
  });
}

export function timedRecord(record: SampleRecord, offsetsMs: readonly number[]): TimedRequest {
  return {
    startMs: (offsetsMs[record.session] ?? 0) + record.timings.sent_at_ms,
    e2eMs: record.timings.e2e_ms,
    ttftMs: record.timings.ttft_ms,
    itlMs: record.timings.itl_ms,
    outputTokens: record.usage.completion_tokens,
    errorClass: recordErrorClass(record),
  };
}

/** A run directory's section of a report, its texts interned in `table` (shared when several runs are shown). */
export function buildRunSection(
  runDir: string,
  table: StringTable,
  run: RunResults = readRunResults(runDir),
  gateOf?: GateOf,
): RunSection {
  const records = readJournal(join(runDir, "samples.jsonl"));
  const offsetsMs = sessionOffsetsMs(run.manifest);
  return {
    label: run.label,
    runDir,
    command: run.manifest.command,
    model: run.manifest.model,
    status: run.manifest.status,
    createdAt: run.manifest.created_at,
    benchmarks: run.benchmarks.map((result) =>
      benchmarkData(runDir, run.manifest, result, records, table, gateOf),
    ),
    serving: servingFigures(records.map((record) => timedRecord(record, offsetsMs))),
  };
}

export function buildRunReportData(runDir: string, gateOf?: GateOf): RunReportData {
  const table = new StringTable();
  const run = buildRunSection(runDir, table, readRunResults(runDir), gateOf);
  return { kind: "run", version: REPORT_DATA_VERSION, strings: table.strings, run };
}
