// The library entry point of `llm-bench profile`: load the workload, drive the load, measure every request, write
// profile_export.jsonl as requests end, then profile_summary.{json,csv} (and the accuracy files of a benchmark).
import { setMaxListeners } from "node:events";
import { join } from "node:path";
import { parseProfileOptions } from "../config/parse-profile-options.js";
import type { ProfileOptionsInput } from "../config/profile-options.js";
import type { Backend } from "../core/generation.js";
import { toolVersion } from "../core/tool-version.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { openJournal } from "../engine/journal.js";
import { ConfigError, toError } from "../errors.js";
import { parseGoodput } from "../metrics/goodput.js";
import { ProfileCollector } from "../metrics/profile-collector.js";
import { openProfileExport } from "../results/profile-export-writer.js";
import { profileSummaryCsv } from "../results/profile-summary-csv.js";
import type { SampleRecord } from "../results/sample-record.js";
import { writeFileAtomic } from "../results/write-run-results.js";
import { createRunDir } from "../runner/prepare-run-dir.js";
import { resolveModel } from "../runner/resolve-model.js";
import { createProfileBackend } from "./create-profile-backend.js";
import { createProfileWorkload, planProfileBenchmark } from "./create-profile-workload.js";
import { driveInProcess } from "./drive-in-process.js";
import { driveWorkers, type WorkersOutcome } from "./drive-workers.js";
import { prewarmConnections } from "./prewarm-connections.js";
import { type ProfileLoadPlan, profileLoadPlan } from "./profile-load-plan.js";
import type { ProfileMonitor } from "./profile-monitor.js";
import type { ProfileOutcome } from "./profile-outcome.js";
import { createProfileRecorder } from "./profile-recorder.js";
import { type ClientWarmUpReport, warmUpClient } from "./warm-up-client.js";
import { writeProfileAccuracy } from "./write-profile-accuracy.js";

export interface ProfileDependencies {
  backend?: Backend;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  clock?: () => Date;
  /** Watchers started before the first request and stopped after the last (client self-measurement, server scrape). */
  monitors?: readonly ProfileMonitor[];
  onWarning?: (message: string) => void;
  /** Called after each request ends with the number ended so far (warmup included) and the planned total. */
  onRequestEnd?: (ended: number, total: number | undefined) => void;
}

export async function runProfile(
  input: ProfileOptionsInput,
  dependencies: ProfileDependencies = {},
): Promise<ProfileOutcome> {
  const env = dependencies.env ?? process.env;
  const options = parseProfileOptions({ ...input, apiKey: input.apiKey ?? env["OPENAI_API_KEY"] });
  const goodput = options.goodput === undefined ? undefined : parseGoodput(options.goodput);
  const { signal } = dependencies;
  const now = dependencies.now ?? (() => performance.now());
  const isOwnBackend = dependencies.backend === undefined;
  if (options.workers > 1 && !isOwnBackend) {
    throw new ConfigError("--workers needs the HTTP backend: it cannot share an injected backend");
  }
  const listing = dependencies.backend ?? createProfileBackend(options, options.model ?? "", listingPlan);
  let sending = listing;
  try {
    const model = await resolveModel(listing, {
      requested: options.model,
      baseUrl: options.baseUrl,
      ...(signal === undefined ? {} : { signal }),
      ...(dependencies.onWarning === undefined ? {} : { onWarning: dependencies.onWarning }),
    });
    const datasets = createDatasetContext({
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      env,
      ...(signal === undefined ? {} : { signal }),
    });
    const plan = await planProfileBenchmark(options, datasets);
    const startedAt = (dependencies.clock ?? (() => new Date()))();
    const runDir = createRunDir(options.outputDir, startedAt, model);
    const runStartMs = now();
    const workload = createProfileWorkload(options, plan, runStartMs);
    const measured =
      options.numRequests ??
      (options.durationS !== undefined ? undefined : Number.isFinite(workload.size) ? workload.size : 100);
    const collector = new ProfileCollector({ targetRequestRate: options.requestRate, goodput });
    const exportFile = openProfileExport(join(runDir, "profile_export.jsonl"));
    const journal = plan === undefined ? undefined : openJournal(join(runDir, "samples.jsonl"));
    const recorder = createProfileRecorder({ exportFile, collector, warmup: options.warmup, runStartMs });
    const records: SampleRecord[] = [];
    const inFlight = new AbortController();
    setMaxListeners(0, inFlight.signal);
    let graceTimer: NodeJS.Timeout | undefined;
    const onStop = (): void => {
      graceTimer = setTimeout(() => inFlight.abort(signal?.reason), options.graceMs);
    };
    signal?.addEventListener("abort", onStop, { once: true });
    const monitors = dependencies.monitors ?? [];
    let ended = 0;
    const total = measured === undefined ? undefined : measured + options.warmup;
    const onRequestEnd = (): void => {
      ended++;
      dependencies.onRequestEnd?.(ended, total);
    };
    const onGraded = (record: SampleRecord): void => {
      journal?.append(record);
      records.push(record);
    };
    const durationMs = options.durationS === undefined ? undefined : options.durationS * 1000;
    let loadStartMs = runStartMs;
    let isInterrupted = false;
    let workers: WorkersOutcome | undefined;
    let warmUp: ClientWarmUpReport | undefined;
    try {
      if (isOwnBackend && options.workers === 1) {
        warmUp = await warmUpClient({ workload, model, budgetMs: options.clientWarmupMs, signal }).catch(
          (error: unknown) => {
            // The warm-up only helps the first second's timings: without it the run goes on.
            dependencies.onWarning?.(`client warm-up skipped: ${toError(error).message}`);
            return undefined;
          },
        );
      }
      for (const monitor of monitors) {
        await monitor.start({ startMs: now(), signal, onWarning: dependencies.onWarning });
      }
      if (options.workers > 1) {
        workers = await driveWorkers({
          options,
          model,
          totalRequests: total,
          recorder,
          signal,
          onRequestEnd,
          onGraded,
          runStartMs,
        });
        loadStartMs = workers.startMs;
        isInterrupted = workers.isInterrupted;
      } else {
        const loadPlan = profileLoadPlan(options, total);
        if (isOwnBackend) {
          sending = createProfileBackend(options, model, loadPlan);
          await prewarmConnections(sending, loadPlan.prewarmConnections ?? 0, signal);
        }
        const load = await driveInProcess({
          plan: loadPlan,
          durationMs,
          warmup: options.warmup,
          backend: sending,
          workload,
          recorder,
          signal,
          inFlightSignal: inFlight.signal,
          now,
          onRequestEnd,
          onGraded,
        });
        loadStartMs = load.startMs;
        isInterrupted = load.isInterrupted;
      }
    } finally {
      if (graceTimer !== undefined) clearTimeout(graceTimer);
      signal?.removeEventListener("abort", onStop);
      exportFile.close();
      journal?.close();
    }
    const monitorReports: Record<string, Record<string, unknown>> = {};
    const monitorNotes: string[] = [];
    for (const monitor of monitors) {
      const report = await monitor.stop();
      monitorReports[monitor.name] = report;
      monitorNotes.push(...(monitor.describe?.(report) ?? []));
    }
    if (workers !== undefined) {
      monitorReports["client_workers"] = workers.report;
      monitorNotes.push(...workers.notes);
    }
    const summary = collector.summary();
    const { apiKey: _apiKey, ...config } = options;
    const timestamp = new Date().toISOString();
    const document = {
      tool: toolVersion(),
      model,
      started_at: startedAt.toISOString(),
      ended_at: timestamp,
      status: isInterrupted ? "interrupted" : "completed",
      config: { ...config, model },
      load_start_offset_ms: loadStartMs - runStartMs,
      client_warmup:
        warmUp === undefined
          ? null
          : { requests: warmUp.requests, ok_requests: warmUp.okRequests, elapsed_ms: warmUp.elapsedMs },
      ...summary,
      monitors: monitorReports,
    };
    writeFileAtomic(join(runDir, "profile_summary.json"), `${JSON.stringify(document, null, 2)}\n`);
    writeFileAtomic(join(runDir, "profile_summary.csv"), profileSummaryCsv(summary));
    const accuracy =
      plan === undefined
        ? undefined
        : writeProfileAccuracy(runDir, plan, records, { model, timestamp, options });
    return { runDir, model, summary, monitors: monitorReports, monitorNotes, accuracy, isInterrupted };
  } finally {
    if (isOwnBackend) {
      await listing.close();
      if (sending !== listing) await sending.close();
    }
  }
}

/** The model listing needs one connection. */
const listingPlan: ProfileLoadPlan = {
  mode: { type: "closed", concurrency: 1 },
  requestCount: 1,
  startOffsetMs: 0,
  globalIndex: (local) => local,
};
