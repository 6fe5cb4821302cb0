// The end of a run, once for `run` (and its `--resume`) and `merge`: every plan's records summarized — accuracy,
// CIs, per-task tables, serving metrics, per-replica figures — and written (`<benchmark>.json`, `accuracy_results.csv`, the spec's
// result file), and the outcome the CLI prints.

import type { RunOptions } from "../config/run-options.js";
import type { GenerationParams } from "../core/generation.js";
import { redactReplicaUrls, replicaUrls } from "../core/replica-urls.js";
import { recordKey, type SampleRecord } from "../core/sample-record.js";
import { redactUrl } from "../core/url-secrets.js";
import type { ServerGone } from "../engine/consecutive-failures.js";
import { aggregateRecordMetrics, recordsWallTimeMs } from "../results/aggregate-record-metrics.js";
import type { RunStatus } from "../results/run-manifest.js";
import { writeSpecResultFile } from "../results/spec-result-file.js";
import { summarizeBenchmark } from "../results/summarize-benchmark.js";
import { summarizeFailures } from "../results/summarize-failures.js";
import { addFaultSummaries, type FaultSummary, summarizeFaults } from "../results/summarize-faults.js";
import { summarizeReplicas } from "../results/summarize-replicas.js";
import { summaryForManifest, writeBenchmarkFiles } from "../results/write-run-results.js";
import { type PlannedBenchmark, summaryLayout } from "./plan-benchmark.js";
import { planConfig, specConfig } from "./plan-config.js";
import { passAtKOf } from "./repeat-samples.js";
import type { BenchmarkOutcome, RunOutcome } from "./run-outcome.js";
import type { PrometheusScrape } from "./scrape-prometheus.js";

export interface RunResultsInput {
  runDir: string;
  /** Where the spec's `<benchmark>_<model>_<time>.json` files go (the run directory's parent). */
  outputDir: string;
  options: RunOptions & { model: string };
  plans: readonly PlannedBenchmark[];
  /** The last record of every sample of the run, by record key (earlier sessions' included). */
  records: ReadonlyMap<string, SampleRecord>;
  /** The run's first session's start (the spec's result file is named by it). */
  createdAt: Date;
  timestamp: string;
  /** Each session's start on the wall clock (epoch ms), so overlapping sessions (shards) count their time once. */
  sessionStartsMs: ReadonlyMap<number, number>;
  scraped?: PrometheusScrape | undefined;
}

export interface RunResults {
  status: "completed" | "incomplete";
  benchmarks: BenchmarkOutcome[];
  /** run.json's per-benchmark summaries. */
  summaries: Record<string, unknown>;
  /** Samples that have a record (graded or failed). */
  withRecord: number;
  total: number;
  /** The run's fault totals over every benchmark (run.json's `faults`). */
  faults: FaultSummary;
}

export function writeRunResults(input: RunResultsInput): RunResults {
  const { options, plans } = input;
  const replicaOrder = replicaUrls(options.baseUrl).map(redactUrl);
  const outcomes = summarizePlans(plans, input.records, input.sessionStartsMs, replicaOrder);
  const paths = writeBenchmarkFiles(
    input.runDir,
    outcomes.map((entry) => ({
      ...entry,
      config: resultConfig(options, entry.plan),
      extra: {
        faults: entry.faults,
        ...(input.scraped === undefined ? {} : { server_metrics: input.scraped.summary }),
        ...(entry.replicas === undefined ? {} : { replicas: entry.replicas }),
      },
    })),
    { model: options.model, timestamp: input.timestamp },
  );
  for (const entry of outcomes) {
    writeSpecResultFile(input.outputDir, {
      ...entry,
      model: options.model,
      startedAt: input.createdAt,
      config: specConfig(options, entry.plan),
      prometheusText: input.scraped?.text,
    });
  }
  return {
    status: outcomes.every((entry) => entry.summary.isComplete) ? "completed" : "incomplete",
    benchmarks: outcomes.map((entry, index) => ({
      summary: entry.summary,
      metrics: entry.metrics,
      resultPath: paths[index] ?? "",
      ...(entry.plan.recipe.taskParams === undefined ? {} : { taskParams: entry.plan.recipe.taskParams }),
      ...(entry.replicas === undefined ? {} : { replicas: entry.replicas }),
    })),
    summaries: Object.fromEntries(
      outcomes.map((entry) => [
        entry.summary.benchmark,
        {
          ...summaryForManifest(entry.summary, entry.metrics),
          faults: entry.faults,
          ...(entry.replicas === undefined ? {} : { replicas: entry.replicas }),
        },
      ]),
    ),
    withRecord: outcomes.reduce((sum, entry) => sum + entry.records.length, 0),
    total: plans.reduce((sum, plan) => sum + plan.samples.length, 0),
    faults: addFaultSummaries(outcomes.map((entry) => entry.faults)),
  };
}

/** What `run` (or `merge`) returns and the CLI prints. */
export function runOutcomeOf(
  results: RunResults,
  run: {
    runDir: string;
    model: string;
    status: RunStatus;
    records: ReadonlyMap<string, SampleRecord>;
    requested: number;
    serverGone?: ServerGone | undefined;
    serverUrl?: string | undefined;
    maxRetries?: number | undefined;
  },
): RunOutcome {
  return {
    runDir: run.runDir,
    model: run.model,
    status: run.status,
    benchmarks: results.benchmarks,
    requested: run.requested,
    failed: results.benchmarks.reduce((sum, entry) => sum + entry.summary.errors, 0),
    unsent: results.total - results.withRecord,
    failures: summarizeFailures(run.records.values()),
    faults: results.faults,
    serverGone: run.serverGone,
    resumeCommand: `llm-bench run --resume ${run.runDir}`,
    ...(run.serverUrl === undefined ? {} : { serverUrl: run.serverUrl }),
    ...(run.maxRetries === undefined ? {} : { maxRetries: run.maxRetries }),
  };
}

/** Each plan's records in sample order, its accuracy summary and its serving metrics. */
function summarizePlans(
  plans: readonly PlannedBenchmark[],
  all: ReadonlyMap<string, SampleRecord>,
  sessionStartsMs: ReadonlyMap<number, number>,
  replicaOrder: readonly string[],
) {
  return plans.map((plan) => {
    const records = plan.samples.flatMap((sample) => {
      const record = all.get(recordKey({ benchmark: plan.benchmark.name, id: sample.id }));
      return record === undefined ? [] : [record];
    });
    const skipped = plan.loaded.skipped;
    const summary = {
      ...summarizeBenchmark(plan.benchmark.name, plan.samples.length, records, summaryLayout(plan)),
      ...(skipped === undefined ? {} : { skipped }),
      ...(plan.repeats === undefined ? {} : { passAtK: passAtKOf(plan.repeats, records) }),
    };
    const metrics = aggregateRecordMetrics(records, recordsWallTimeMs(records, sessionStartsMs));
    const replicas = summarizeReplicas(records, replicaOrder);
    return { plan, summary, metrics, records, replicas, faults: summarizeFaults(records) };
  });
}

/** The per-benchmark `config` block of `<benchmark>.json`. */
function resultConfig(options: RunOptions, plan: PlannedBenchmark): Record<string, unknown> {
  return {
    base_url: options.backend === "local" ? null : redactReplicaUrls(options.baseUrl),
    backend: options.backend ?? "http",
    model_path: options.modelPath ?? null,
    endpoint_type: options.endpointType ?? null,
    scoring: options.scoring,
    ...planConfig(plan),
    extra_inputs: options.extraInputs ?? null,
    num_samples_subset: options.numSamples ?? null,
    shard: options.shard ?? null,
    tasks: options.tasks ?? null,
    stream: options.stream,
    concurrency: options.concurrency,
    data_dir: options.dataDir ?? null,
    ...(plan.userParams === undefined ? {} : { user_model: userModelConfig(options, plan.userParams) }),
  };
}

/** The simulated user's model, server and sampling (a recipe that `usesUserModel`). */
function userModelConfig(options: RunOptions, userParams: GenerationParams): Record<string, unknown> {
  const isOwnServer = options.userBaseUrl !== undefined;
  return {
    // With only --user-base-url, the server's one model (checked before the run).
    model: options.userModel ?? (isOwnServer ? null : (options.model ?? null)),
    base_url: isOwnServer ? redactUrl(options.userBaseUrl ?? "") : "the run's",
    temperature: userParams.temperature ?? null,
  };
}

/** Each session's start on the wall clock by session number (run.json's `sessions[i].started_at`). */
export function sessionStartsMs(sessions: readonly { started_at: string }[]): Map<number, number> {
  return new Map(sessions.map((entry, index) => [index, Date.parse(entry.started_at)]));
}
