// The library entry point of `llm-bench profile`: open a session (run.json, model, backend, resume), drive the load,
// measure every request, write profile_export.jsonl as requests end, then profile_summary.{json,csv} (and the
// accuracy files of a benchmark).

import { join } from "node:path";
import { parseProfileOptions } from "../config/parse-profile-options.js";
import {
  PROFILE_RESUMABLE_OPTION_KEYS,
  type ProfileOptions,
  type ProfileOptionsInput,
  profileOptionsSchema,
} from "../config/profile-options.js";
import type { Backend } from "../core/generation.js";
import type { Monitor } from "../core/monitor.js";
import { redactReplicaUrls, replicaUrls } from "../core/replica-urls.js";
import type { RunReporter } from "../core/run-reporter.js";
import type { SampleRecord } from "../core/sample-record.js";
import { toolVersion } from "../core/tool-version.js";
import { redactUrl } from "../core/url-secrets.js";
import { writeFileAtomic } from "../core/write-file-atomic.js";
import { writtenOptions } from "../core/written-options.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { openJournal } from "../engine/journal.js";
import { ConfigError, toError } from "../errors.js";
import { clientProfileMonitor } from "../metrics/client-profile-monitor.js";
import { parseGoodput } from "../metrics/goodput.js";
import { MetricsCollector } from "../metrics/metrics-collector.js";
import { openProfileExport } from "../results/profile-export-writer.js";
import { profileSummaryCsv } from "../results/profile-summary-csv.js";
import { summaryForManifest } from "../results/write-run-results.js";
import { skipTokenBudget } from "../runner/fit-shots-to-token-budget.js";
import { manifestBenchmark } from "../runner/plan-config.js";
import { serverMetricsProfileMonitor } from "../server-metrics/server-metrics-profile-monitor.js";
import { type EarlierSessions, openSession, readEarlierSessions } from "../session/open-session.js";
import { type ResumedRun, type ResumeRules, resolveResume } from "../session/resolve-resume.js";
import { withConnection } from "../session/with-connection.js";
import { withResumeNext } from "../session/with-resume-next.js";
import { resolveRunTokenizer } from "../tokenizers/resolve-run-tokenizer.js";
import { createRunTokenizer, type RunTokenizer } from "../tokenizers/run-tokenizer.js";
import type { Workload } from "../workloads/workload.js";
import { createProfileBackend } from "./create-profile-backend.js";
import {
  createProfileWorkload,
  describeProfileWorkload,
  planProfileBenchmark,
  restrictPlan,
} from "./create-profile-workload.js";
import { driveInProcess } from "./drive-in-process.js";
import { driveWorkers, type WorkersOutcome } from "./drive-workers.js";
import { prewarmConnections } from "./prewarm-connections.js";
import { type ProfileLoadPlan, profileLoadPlan, sliceCount } from "./profile-load-plan.js";
import type { ProfileOutcome } from "./profile-outcome.js";
import { createProfileRecorder } from "./profile-recorder.js";
import {
  lateStartError,
  resolveProfileShard,
  START_AT_TOLERANCE_MS,
  shardConfig,
  shardSampleIds,
  startAtOnClock,
} from "./profile-shard.js";
import { recoverEndedEarly } from "./recover-ended-early.js";
import { remainingLoad, requestsToMeasure } from "./remaining-load.js";
import { type ClientWarmUpReport, warmUpClient } from "./warm-up-client.js";
import { writeProfileAccuracy } from "./write-profile-accuracy.js";

export interface ProfileDependencies {
  backend?: Backend;
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
  clock?: () => Date;
  /**
   * More watchers, started before the first request and stopped after the last, beside the built-in ones: the
   * client's self-measurement, and the server's Prometheus scrape with `serverMetricsUrl`.
   */
  monitors?: readonly Monitor[];
  onWarning?: (message: string) => void;
  /** Progress: dataset downloads, the load's start, each request's end and each graded sample, the outcome. */
  reporter?: RunReporter<ProfileOutcome>;
}

const PROFILE_RESUME_RULES: ResumeRules<ProfileOptionsInput, ProfileOptions> = {
  command: "profile",
  parse: parseProfileOptions,
  storedSchema: profileOptionsSchema,
  resumableKeys: PROFILE_RESUMABLE_OPTION_KEYS,
};

export async function runProfile(
  input: ProfileOptionsInput,
  dependencies: ProfileDependencies = {},
): Promise<ProfileOutcome> {
  const env = dependencies.env ?? process.env;
  const explicit = { ...input, apiKey: input.apiKey ?? env["OPENAI_API_KEY"] };
  const { options, resumed } = resolveResume(explicit, PROFILE_RESUME_RULES);
  const goodput = options.goodput === undefined ? undefined : parseGoodput(options.goodput);
  const { signal, reporter } = dependencies;
  const now = dependencies.now ?? (() => performance.now());
  const clock = dependencies.clock ?? (() => new Date());
  if (options.workers > 1 && dependencies.backend !== undefined) {
    throw new ConfigError("--workers needs the HTTP backend: it cannot share an injected backend");
  }
  const profileShard = resolveProfileShard(options, env);
  if (resumed !== undefined && profileShard.shard !== undefined) {
    throw new ConfigError(
      `--resume ${resumed.runDir}: a shard of a multi-client profile cannot be resumed (its part of the schedule ` +
        "is tied to the shards' common --start-at); run every shard again with a new --start-at.",
    );
  }
  // The load's t0 on the now() clock, translated once from the wall clock; undefined: as soon as ready.
  const t0Ms = options.startAt === undefined ? undefined : startAtOnClock(options.startAt, { now, clock });
  return withConnection(
    {
      injected: dependencies.backend,
      createListing: () => createProfileBackend(options, options.model ?? "", listingPlan),
      requested: options.model,
      baseUrl: options.baseUrl,
      signal,
      onWarning: dependencies.onWarning,
    },
    async (connection) => {
      const { model } = connection;
      const datasets = createDatasetContext({
        ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
        env,
        ...(signal === undefined ? {} : { signal }),
        ...(reporter?.onDatasetProgress === undefined
          ? {}
          : { onProgress: (progress) => reporter.onDatasetProgress?.(progress) }),
      });
      // Resolved when first asked for (a benchmark's token work, exact-length synthetic prompts), closed at the end.
      const tokenizer = createRunTokenizer(() =>
        resolveRunTokenizer({
          spec: options.tokenizer,
          model,
          // The listing client names the requested model; requests for the resolved one need their own.
          backend:
            connection.isInjected || model === options.model
              ? connection.listing
              : connection.sendingBackend(() => createProfileBackend(options, model, listingPlan)),
          baseUrl: redactReplicaUrls(options.baseUrl),
          env,
          signal,
        }),
      );
      try {
        return await profileWithTokenizer(tokenizer);
      } finally {
        await tokenizer.close();
      }

      async function profileWithTokenizer(tokenizer: RunTokenizer): Promise<ProfileOutcome> {
        const planned = await planProfileBenchmark(options, datasets, tokenizer.get);
        // A load's prompts are made in its workers before any request: the budget is `run`'s.
        const fullPlan =
          planned === undefined
            ? undefined
            : skipTokenBudget(planned, "profile does not count tokens", dependencies.onWarning);
        const earlier = earlierSessionsOf(resumed, dependencies.onWarning);
        const remaining = remainingLoad(options, fullPlan, { ...earlier, runDir: resumed?.runDir ?? "" });
        // A shard's accuracy files are its part: the samples its requests ask (`merge` joins the parts).
        const accuracyPlan =
          fullPlan === undefined || profileShard.shard === undefined
            ? fullPlan
            : restrictPlan(fullPlan, shardSampleIds(fullPlan.samples, options.warmup, profileShard.shard));
        const config = { ...writtenOptions(options), ...shardConfig(profileShard) };
        const session = openSession(
          {
            command: "profile",
            model,
            outputDir: options.outputDir,
            config,
            benchmarks: accuracyPlan === undefined ? [] : [manifestBenchmark(accuracyPlan)],
            resumed,
            startedAt: clock(),
          },
          earlier,
        );
        const { runDir } = session;
        const plan =
          fullPlan === undefined || remaining.pendingSampleIds === undefined
            ? fullPlan
            : restrictPlan(fullPlan, remaining.pendingSampleIds);
        const runStartMs = now();
        let workload: Workload;
        try {
          workload = await createProfileWorkload(
            options,
            plan,
            { runStartMs, session: session.index },
            { tokenizer: tokenizer.get, onWarning: dependencies.onWarning, signal },
          );
        } catch (error) {
          session.end({ status: "failed", timestamp: new Date().toISOString() });
          throw error;
        }
        // run.json: the tokenizer used, or null for synthetic prompts that had to be approximate.
        const tokenizerRecord =
          tokenizer.record() ?? (plan === undefined && options.inputFile === undefined ? null : undefined);
        const measured = requestsToMeasure(options, workload, remaining, runDir);
        const collector = new MetricsCollector({ targetRequestRate: options.requestRate, goodput });
        const exportFile = openProfileExport(join(runDir, "profile_export.jsonl"), {
          isAppend: session.index > 0,
        });
        const journal =
          plan === undefined
            ? undefined
            : openJournal(join(runDir, "samples.jsonl"), { prompts: options.journalPrompts });
        // With --start-at the export's times count from it: the shards' exports share one time axis.
        const exportOriginMs = t0Ms ?? runStartMs;
        const recorder = createProfileRecorder({
          exportFile,
          collector,
          warmup: options.warmup,
          runStartMs: exportOriginMs,
          indexBase: remaining.indexBase,
          // A shard's lines keep each chunk's time, so a merge recomputes the inter-chunk gaps of every request.
          isChunkTimed: profileShard.shard !== undefined,
          replicaOrder: replicaUrls(options.baseUrl).map(redactUrl),
        });
        const records: SampleRecord[] = [];
        const monitors: Monitor[] = [
          clientProfileMonitor(),
          ...(options.serverMetricsUrl === undefined
            ? []
            : [
                serverMetricsProfileMonitor({
                  url: options.serverMetricsUrl,
                  intervalMs: options.serverMetricsIntervalS * 1000,
                }),
              ]),
          ...(dependencies.monitors ?? []),
        ];
        let ended = 0;
        const total = measured === undefined ? undefined : measured + options.warmup;
        const onRequestEnd = (isOk: boolean): void => {
          ended++;
          reporter?.onRequestEnd?.({ isOk });
        };
        const onGraded = (given: SampleRecord): void => {
          const record = journal?.append(given) ?? given;
          records.push(record);
          reporter?.onSampleEnd?.(record);
        };
        let loadStartMs = runStartMs;
        let sent = 0;
        let isInterrupted = false;
        let workers: WorkersOutcome | undefined;
        let warmUp: ClientWarmUpReport | undefined;
        try {
          if (!connection.isInjected && options.workers === 1) {
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
          if (t0Ms !== undefined && now() - t0Ms > START_AT_TOLERANCE_MS) {
            throw lateStartError(options.startAt ?? "", now() - t0Ms, "this client was ready to send");
          }
          reporter?.onLoadStart?.({
            runDir,
            model,
            workload: describeProfileWorkload(options, plan),
            requests: total === undefined ? undefined : sliceCount(total, profileShard.slice),
            durationMs: remaining.durationMs,
            isGraded: plan !== undefined,
          });
          if (options.workers > 1) {
            workers = await driveWorkers({
              // The workers use the tokenizer the parent resolved (they build the same prompts from it).
              options: tokenizerRecord == null ? options : { ...options, tokenizer: tokenizerRecord.spec },
              slice: profileShard.slice,
              startAtMs: t0Ms,
              model,
              totalRequests: total,
              durationMs: remaining.durationMs,
              pendingSampleIds: remaining.pendingSampleIds,
              session: session.index,
              recorder,
              signal,
              onRequestEnd,
              onGraded,
              runStartMs,
            });
            loadStartMs = workers.startMs;
            isInterrupted = workers.isInterrupted;
            sent = ended;
          } else {
            const loadPlan = profileLoadPlan(options, total, profileShard.slice);
            const backend = connection.sendingBackend(() => createProfileBackend(options, model, loadPlan));
            if (!connection.isInjected)
              await prewarmConnections(backend, loadPlan.prewarmConnections ?? 0, signal);
            const load = await driveInProcess({
              plan: loadPlan,
              durationMs: remaining.durationMs,
              warmup: options.warmup,
              backend,
              workload,
              recorder,
              signal,
              graceMs: options.graceMs,
              now,
              startMs: t0Ms,
              onRequestEnd,
              onGraded,
            });
            loadStartMs = load.startMs;
            isInterrupted = load.isInterrupted;
            sent = load.sent;
          }
        } catch (error) {
          session.endQuietly({ status: "failed", timestamp: new Date().toISOString() });
          throw withResumeNext(error, "profile", runDir);
        } finally {
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
        const replicas = recorder.replicas();
        const timestamp = new Date().toISOString();
        const status = isInterrupted ? "interrupted" : "completed";
        const document = {
          tool: toolVersion(),
          model,
          started_at: session.startedAt.toISOString(),
          ended_at: timestamp,
          status,
          session: session.index,
          config: { ...config, model },
          load_start_offset_ms: loadStartMs - exportOriginMs,
          client_warmup:
            warmUp === undefined
              ? null
              : { requests: warmUp.requests, ok_requests: warmUp.okRequests, elapsed_ms: warmUp.elapsedMs },
          ...summary,
          ...(replicas === undefined ? {} : { replicas }),
          monitors: monitorReports,
        };
        writeFileAtomic(join(runDir, "profile_summary.json"), `${JSON.stringify(document, null, 2)}\n`);
        writeFileAtomic(join(runDir, "profile_summary.csv"), profileSummaryCsv(summary));
        const accuracy =
          accuracyPlan === undefined
            ? undefined
            : writeProfileAccuracy(runDir, accuracyPlan, [...session.previous.values(), ...records], {
                model,
                timestamp,
                options,
                startedAt: session.createdAt,
              });
        session.end({
          tokenizer: tokenizerRecord,
          status:
            accuracy === undefined || accuracy.summary.isComplete || isInterrupted ? status : "incomplete",
          timestamp,
          ...(accuracy === undefined
            ? {}
            : {
                summaries: {
                  [accuracy.summary.benchmark]: summaryForManifest(accuracy.summary, accuracy.metrics),
                },
              }),
          entry: { requests_sent: sent, duration_s: summary.duration_s, profile_summary: { ...summary } },
        });
        const outcome = {
          runDir,
          model,
          summary,
          monitors: monitorReports,
          monitorNotes,
          accuracy,
          isInterrupted,
          ...(replicas === undefined ? {} : { replicas }),
        };
        reporter?.onRunEnd?.(outcome);
        return outcome;
      }
    },
  );
}

/** The earlier sessions of a resumed profile, the last one's requests read back from the export if it ended early. */
function earlierSessionsOf(
  resumed: ResumedRun | undefined,
  onWarning: ((message: string) => void) | undefined,
): EarlierSessions {
  const earlier = readEarlierSessions(resumed);
  if (resumed === undefined) return earlier;
  const { earlier: completed, recovered } = recoverEndedEarly(resumed.runDir, earlier);
  if (recovered !== undefined) {
    onWarning?.(
      `session ${recovered.session} of this profile ended before it recorded its requests (killed, or failed): ` +
        `${recovered.lines} of them were found in profile_export.jsonl (${recovered.measured} measured); this ` +
        "session goes on after them, sending again those that were in flight or not yet written.",
    );
  }
  return completed;
}

/** The model listing needs one connection. */
const listingPlan: ProfileLoadPlan = {
  mode: { type: "closed", concurrency: 1 },
  requestCount: 1,
  startOffsetMs: 0,
  globalIndex: (local) => local,
};
