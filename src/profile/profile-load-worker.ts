// The entry of a `profile --workers N` child process: rebuild the backend and workload, run this worker's share
// of the load, and stream every request to the parent as a compact record.

import { z } from "zod";
import { profileOptionsSchema } from "../config/profile-options.js";
import { redactReplicaUrls } from "../core/replica-urls.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { schedule } from "../engine/scheduler.js";
import { serveLoadWorker } from "../load-workers/serve-load-worker.js";
import { startClientMonitor } from "../metrics/client-monitor.js";
import { clientReportJson } from "../metrics/client-profile-monitor.js";
import { resolveRunTokenizer } from "../tokenizers/resolve-run-tokenizer.js";
import { createRunTokenizer } from "../tokenizers/run-tokenizer.js";
import { toCompactRequest } from "./compact-request.js";
import { createProfileBackend } from "./create-profile-backend.js";
import { createProfileWorkload, planProfileBenchmark, restrictPlan } from "./create-profile-workload.js";
import { prewarmConnections } from "./prewarm-connections.js";
import { composeSlices, profileLoadPlan } from "./profile-load-plan.js";
import { lateStartError, START_AT_TOLERANCE_MS } from "./profile-shard.js";
import { warmUpClient } from "./warm-up-client.js";

export const profileWorkerConfigSchema = z.object({
  options: z.unknown(),
  model: z.string(),
  /** Requests of the whole run (warmup included); null with a duration alone. */
  totalRequests: z.number().int().min(0).nullable(),
  /** Time to schedule for, from the common t0; null: no limit. */
  durationMs: z.number().nullable(),
  /** A resumed benchmark: the samples still to ask; null: all. */
  pendingSampleIds: z.array(z.string()).nullable(),
  /** The session's number, stamped on graded records. */
  session: z.number().int().min(0),
  /** Open loop: whether the parent has an in-flight cap (then split between the workers as `share.concurrency`). */
  isCapped: z.boolean(),
  /** The parent's part of the load (its `--shard`, or the whole): this worker's share is a slice of it. */
  slice: z.object({ index: z.number().int().min(0), count: z.number().int().min(1) }),
  /** The run's start as epoch ms (`performance.timeOrigin + now()` in the parent): graded records count from it. */
  runStartEpochMs: z.number(),
});
export type ProfileWorkerConfig = z.infer<typeof profileWorkerConfigSchema>;

// Ctrl-C in a terminal reaches the whole process group: the parent decides, and tells the workers to stop.
process.on("SIGINT", () => undefined);

serveLoadWorker(async ({ share, config, signal, emit, emitPayload, startAtMs }) => {
  const parsed = profileWorkerConfigSchema.parse(config);
  const options = profileOptionsSchema.parse(parsed.options);
  const plan = profileLoadPlan(
    options,
    parsed.totalRequests ?? undefined,
    composeSlices(parsed.slice, {
      index: share.workerIndex,
      count: share.workerCount,
      concurrency: options.requestRate === undefined || parsed.isCapped ? share.concurrency : undefined,
    }),
  );
  const backend = createProfileBackend(options, parsed.model, plan);
  // The tokenizer the parent resolved (its spec is in the options), for the same prompts as the parent's.
  const tokenizer = createRunTokenizer(() =>
    resolveRunTokenizer({
      spec: options.tokenizer,
      model: parsed.model,
      backend,
      baseUrl: redactReplicaUrls(options.baseUrl),
      env: process.env,
      signal,
    }),
  );
  // A benchmark is planned here exactly as in the parent (same options, same data), and graded where it is sent.
  const fullPlan = await planProfileBenchmark(
    options,
    createDatasetContext({
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      env: process.env,
      signal,
    }),
    tokenizer.get,
  );
  const benchmark =
    fullPlan === undefined || parsed.pendingSampleIds === null
      ? fullPlan
      : restrictPlan(fullPlan, parsed.pendingSampleIds);
  const workload = await createProfileWorkload(
    options,
    benchmark,
    { runStartMs: parsed.runStartEpochMs - performance.timeOrigin, session: parsed.session },
    options.tokenizer === undefined ? {} : { tokenizer: tokenizer.get, signal },
  ).finally(() => tokenizer.close());
  // Each worker warms its own code; the schedule's t0 leaves room for it (see drive-workers).
  await warmUpClient({ workload, model: parsed.model, budgetMs: options.clientWarmupMs, signal }).catch(
    () => undefined, // it only helps the first second's timings: without it the share goes on
  );
  const t0Ms = startAtMs ?? performance.now();
  if (options.startAt !== undefined && performance.now() - t0Ms > START_AT_TOLERANCE_MS) {
    throw lateStartError(
      options.startAt,
      performance.now() - t0Ms,
      `client worker ${share.workerIndex} was ready`,
    );
  }
  const monitor = startClientMonitor();
  try {
    await prewarmConnections(backend, plan.prewarmConnections ?? 0, signal);
    const load = await schedule({
      mode: plan.mode,
      requestCount: plan.requestCount,
      durationMs: parsed.durationMs === null ? undefined : parsed.durationMs - plan.startOffsetMs,
      startMs: t0Ms + plan.startOffsetMs,
      signal,
      graceMs: options.graceMs,
      send: async (dispatch, inFlight) => {
        const index = plan.globalIndex(dispatch.index);
        const itemIndex = index < options.warmup ? index : index - options.warmup;
        const item = workload.item(itemIndex);
        const result = await backend.generate(item.request, { signal: inFlight });
        if (result.status === "aborted") return;
        const { record, labels } = toCompactRequest(index, dispatch, result, item.targetInputTokens);
        emit(record, result.timings.deltaTimesMs, labels);
        if (index >= options.warmup && item.grade !== undefined) emitPayload(await item.grade(result));
      },
    });
    return { pid: process.pid, sent: load.sent, ...clientReportJson(monitor.stop()) };
  } finally {
    await backend.close();
  }
});
