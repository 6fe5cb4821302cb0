// The library entry point of `llm-bench run`: plan, request, grade, journal and write the run directory.
import { join } from "node:path";
import type { Benchmark } from "../benchmarks/types.js";
import type { RunOptions, RunOptionsInput } from "../config/run-options.js";
import type { Backend } from "../core/generation.js";
import { toolVersion } from "../core/tool-version.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { openJournal, readJournal } from "../engine/journal.js";
import { type EngineWorkItem, runEngine } from "../engine/run-engine.js";
import { aggregateRecordMetrics, recordsWallTimeMs } from "../results/aggregate-record-metrics.js";
import type { RunManifest, RunStatus } from "../results/run-manifest.js";
import { recordKey, type SampleRecord } from "../results/sample-record.js";
import { summarizeBenchmark } from "../results/summarize-benchmark.js";
import { summaryForManifest, writeBenchmarkFiles, writeRunManifest } from "../results/write-run-results.js";
import { buildLoglikelihoodWorkItem } from "./build-loglikelihood-work-item.js";
import { buildWorkItem } from "./build-work-item.js";
import { checkLoglikelihoodBenchmarks, checkLoglikelihoodRun } from "./check-loglikelihood-support.js";
import { chooseRunBackend, createRunBackend } from "./choose-run-backend.js";
import { loadRunBenchmarks, type PlannedBenchmark, planBenchmark } from "./plan-benchmark.js";
import { planConfig } from "./plan-config.js";
import { createRunDir, resolveRunOptions } from "./prepare-run-dir.js";
import { resolveModel } from "./resolve-model.js";
import type { BenchmarkOutcome, RunOutcome } from "./run-outcome.js";
import type { RunReporter } from "./run-reporter.js";

export interface RunDependencies {
  /** A backend to use instead of the OpenAI-compatible HTTP client built from the options. */
  backend?: Backend;
  signal?: AbortSignal;
  reporter?: RunReporter;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  clock?: () => Date;
}

export async function runBenchmarks(
  input: RunOptionsInput,
  dependencies: RunDependencies = {},
): Promise<RunOutcome> {
  const { reporter, signal } = dependencies;
  const now = dependencies.now ?? (() => performance.now());
  const clock = dependencies.clock ?? (() => new Date());
  const env = dependencies.env ?? process.env;
  const given: RunOptionsInput = { ...input, apiKey: input.apiKey ?? env["OPENAI_API_KEY"] };
  const explicit = dependencies.backend === undefined ? chooseRunBackend(given) : given;
  const { options, resumed } = resolveRunOptions(explicit);
  const benchmarks = await loadRunBenchmarks(options);
  await checkLoglikelihoodBenchmarks(options, benchmarks);

  const isOwnBackend = dependencies.backend === undefined;
  const backendExtras = {
    env,
    onDownloadProgress: reporter?.onDatasetProgress?.bind(reporter),
  };
  const listing = dependencies.backend ?? createRunBackend(options, options.model ?? "", backendExtras);
  let sending = listing;
  try {
    const model = await resolveModel(listing, {
      requested: options.model,
      baseUrl: options.baseUrl,
      ...(signal === undefined ? {} : { signal }),
      ...(reporter?.onWarning === undefined
        ? {}
        : { onWarning: (message: string) => reporter.onWarning?.(message) }),
    });
    // The listing client was built before the model was known; requests need one that names it.
    if (isOwnBackend && options.backend !== "local" && model !== options.model) {
      sending = createRunBackend(options, model, backendExtras);
    }
    return await runResolved({ ...options, model }, benchmarks, sending, resumed, {
      now,
      clock,
      env,
      reporter,
      signal,
    });
  } finally {
    // A backend passed in belongs to the caller.
    if (isOwnBackend) {
      await listing.close();
      if (sending !== listing) await sending.close();
    }
  }
}

interface Context {
  now: () => number;
  clock: () => Date;
  env: NodeJS.ProcessEnv;
  reporter: RunReporter | undefined;
  signal: AbortSignal | undefined;
}

async function runResolved(
  options: RunOptions & { model: string },
  benchmarks: readonly Benchmark[],
  backend: Backend,
  resumed: ReturnType<typeof resolveRunOptions>["resumed"],
  context: Context,
): Promise<RunOutcome> {
  const { reporter, signal } = context;
  const { model } = options;
  const datasets = createDatasetContext({
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    env: context.env,
    ...(signal === undefined ? {} : { signal }),
    ...(reporter?.onDatasetProgress === undefined
      ? {}
      : { onProgress: (p) => reporter.onDatasetProgress?.(p) }),
  });
  const plans: PlannedBenchmark[] = [];
  for (const benchmark of benchmarks) plans.push(await planBenchmark(benchmark, options, datasets));
  checkLoglikelihoodRun(options, plans, backend);

  const startedAt = context.clock();
  const runDir = resumed?.runDir ?? createRunDir(options.outputDir, startedAt, model);
  const journalPath = join(runDir, "samples.jsonl");
  const previous = readJournal(journalPath).records;
  const session = resumed === undefined ? 0 : resumed.manifest.sessions.length;
  const manifest = initialManifest(options, model, plans, resumed?.manifest, startedAt);
  writeRunManifest(runDir, manifest);

  const runStartMs = context.now();
  const pending = (plan: PlannedBenchmark) =>
    plan.samples.filter(
      (sample) => previous.get(recordKey({ benchmark: plan.benchmark.name, id: sample.id }))?.status !== "ok",
    );
  const toRequest = plans.reduce((sum, plan) => sum + pending(plan).length, 0);
  const total = plans.reduce((sum, plan) => sum + plan.samples.length, 0);
  reporter?.onRunStart?.({
    runDir,
    model,
    benchmarks: plans.map((plan) => ({ name: plan.benchmark.name, samples: plan.samples.length })),
    toRequest,
    alreadyDone: total - toRequest,
  });

  function* workItems(): Generator<EngineWorkItem> {
    for (const plan of plans) {
      for (const sample of pending(plan)) {
        yield options.scoring === "loglikelihood"
          ? buildLoglikelihoodWorkItem(plan, sample, {
              runStartMs,
              session,
              maxRetries: options.maxRetries,
              now: context.now,
            })
          : buildWorkItem(plan, sample, { stream: options.stream, runStartMs, session });
      }
    }
  }
  const journal = openJournal(journalPath);
  let engineRecords: SampleRecord[];
  let isInterrupted: boolean;
  try {
    ({ records: engineRecords, isInterrupted } = await runEngine([...workItems()], {
      backend,
      concurrency: options.concurrency,
      journal,
      graceMs: options.graceMs,
      ...(signal === undefined ? {} : { signal }),
      ...(reporter?.onSampleEnd === undefined
        ? {}
        : { onSampleEnd: (record) => reporter.onSampleEnd?.(record) }),
    }));
  } catch (error) {
    // A fatal error (e.g. a server without prompt logprobs): the journal keeps what finished; resume later.
    markFailed(runDir, manifest, context.clock().toISOString());
    throw error;
  } finally {
    journal.close();
  }

  const all = new Map(previous);
  for (const record of engineRecords) all.set(recordKey(record), record);
  const timestamp = context.clock().toISOString();
  const outcomes = summarizePlans(plans, all);
  const paths = writeBenchmarkFiles(
    runDir,
    outcomes.map((entry) => ({ ...entry, config: resultConfig(options, entry.plan) })),
    { model, timestamp },
  );
  const isComplete = outcomes.every((entry) => entry.summary.isComplete);
  const status: RunStatus = isComplete ? "completed" : isInterrupted ? "interrupted" : "failed";
  const lastSession = manifest.sessions[manifest.sessions.length - 1];
  if (lastSession !== undefined) {
    lastSession.ended_at = timestamp;
    lastSession.status = status;
  }
  manifest.status = status;
  manifest.updated_at = timestamp;
  manifest.summaries = Object.fromEntries(
    outcomes.map((entry) => [entry.summary.benchmark, summaryForManifest(entry.summary, entry.metrics)]),
  );
  writeRunManifest(runDir, manifest);

  const benchmarkOutcomes: BenchmarkOutcome[] = outcomes.map((entry, index) => ({
    summary: entry.summary,
    metrics: entry.metrics,
    resultPath: paths[index] ?? "",
  }));
  const outcome: RunOutcome = {
    runDir,
    model,
    status,
    benchmarks: benchmarkOutcomes,
    requested: engineRecords.length,
    failed: benchmarkOutcomes.reduce((sum, entry) => sum + entry.summary.errors, 0),
  };
  reporter?.onRunEnd?.(outcome);
  return outcome;
}

function markFailed(runDir: string, manifest: RunManifest, timestamp: string): void {
  const lastSession = manifest.sessions[manifest.sessions.length - 1];
  if (lastSession !== undefined) {
    lastSession.ended_at = timestamp;
    lastSession.status = "failed";
  }
  manifest.status = "failed";
  manifest.updated_at = timestamp;
  writeRunManifest(runDir, manifest);
}

/** Each plan's records in sample order, its accuracy summary and its serving metrics. */
function summarizePlans(plans: readonly PlannedBenchmark[], all: ReadonlyMap<string, SampleRecord>) {
  return plans.map((plan) => {
    const records = plan.samples.flatMap((sample) => {
      const record = all.get(recordKey({ benchmark: plan.benchmark.name, id: sample.id }));
      return record === undefined ? [] : [record];
    });
    const skipped = plan.loaded.skipped;
    const summary = {
      ...summarizeBenchmark(plan.benchmark.name, plan.samples.length, records),
      ...(skipped === undefined ? {} : { skipped }),
    };
    const metrics = aggregateRecordMetrics(records, recordsWallTimeMs(records));
    return { plan, summary, metrics, records };
  });
}

function initialManifest(
  options: RunOptions,
  model: string,
  plans: readonly PlannedBenchmark[],
  previous: RunManifest | undefined,
  startedAt: Date,
): RunManifest {
  const { apiKey: _apiKey, resume: _resume, ...config } = options;
  const iso = startedAt.toISOString();
  return {
    tool: toolVersion(),
    status: "running",
    created_at: previous?.created_at ?? iso,
    updated_at: iso,
    model,
    config: { ...config, model },
    benchmarks: plans.map((plan) => ({
      name: plan.benchmark.name,
      planned_samples: plan.samples.length,
      n_shots: plan.promptOptions.nShots,
      grader: plan.graderName,
      dataset: plan.benchmark.dataset,
    })),
    sessions: [...(previous?.sessions ?? []), { started_at: iso, ended_at: null, status: "running" }],
    summaries: previous?.summaries ?? {},
  };
}

/** The per-benchmark `config` block of `<benchmark>.json`. */
function resultConfig(options: RunOptions, plan: PlannedBenchmark): Record<string, unknown> {
  return {
    base_url: options.backend === "local" ? null : options.baseUrl,
    backend: options.backend ?? "http",
    model_path: options.modelPath ?? null,
    endpoint_type: options.endpointType,
    scoring: options.scoring,
    ...planConfig(plan),
    extra_inputs: options.extraInputs ?? null,
    limit: options.limit ?? null,
    num_samples_subset: options.numSamples ?? null,
    tasks: options.tasks ?? null,
    stream: options.stream,
    concurrency: options.concurrency,
    data_dir: options.dataDir ?? null,
  };
}
