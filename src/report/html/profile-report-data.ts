// The data of a profile's HTML report (`buildProfileReportData`): per-request scatter columns from
// profile_export.jsonl, and from profile_summary.json the percentile table, goodput and the client self-measurement
// (the client process's and, with --workers, each worker's; a merged multi-client profile's, each client's).

import { existsSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { z } from "zod";
import { completeJsonLines } from "../../core/complete-json-lines.js";
import { ConfigError } from "../../errors.js";
import { DEFAULT_CLIENT_BOUND_THRESHOLDS } from "../../metrics/client-monitor.js";
import { REQUEST_METRIC_COLUMNS } from "../../metrics/request-metric-columns.js";
import { readRunManifest } from "../../results/run-manifest.js";
import { type ReplicaData, replicaData } from "./replica-data.js";
import { REPORT_DATA_VERSION, type TimelineData } from "./report-model.js";
import { bucketMsFor, MAX_BUCKETS, timeline } from "./serving-figures.js";

const optionalMs = z.number().nullable();

/** One line of profile_export.jsonl: the fields the report draws (the writer is `profile-export-line.ts`). */
const exportLineSchema = z.looseObject({
  index: z.number().int(),
  is_warmup: z.boolean(),
  status: z.string(),
  error_class: z.string().nullable(),
  sent_at_ms: z.number(),
  ttft_ms: optionalMs,
  itl_ms: optionalMs,
  e2e_latency_ms: optionalMs,
  output_tokens: z.number().nullable(),
});

const statsSchema = z.looseObject({ count: z.number() }).catchall(z.number().nullable());

const workerReportSchema = z.looseObject({
  worker: z.number(),
  status: z.string().optional(),
  loop_delay_p99_ms: z.number().nullable().optional(),
  cpu_cores: z.number().nullable().optional(),
  is_client_bound: z.boolean().optional(),
  reasons: z.array(z.string()).optional(),
});

const clientSchema = z.looseObject({
  wall_s: z.number().optional(),
  loop_delay_p50_ms: z.number().nullable().optional(),
  loop_delay_p99_ms: z.number().nullable().optional(),
  loop_delay_max_ms: z.number().nullable().optional(),
  cpu_cores: z.number().optional(),
  is_client_bound: z.boolean().optional(),
  reasons: z.array(z.string()).optional(),
});

const clientWorkersSchema = z.looseObject({
  workers: z.array(workerReportSchema),
  is_client_bound: z.boolean().optional(),
});

/** One client of a merged multi-client profile (`monitors.clients[]`, written by `merge-profile-shards.ts`). */
const clientShardSchema = z.looseObject({
  shard: z.string(),
  directory: z.string(),
  requests: z.number(),
  measured_requests: z.number(),
  achieved_request_rate_rps: z.number().nullable(),
  send_lag_ms: z
    .looseObject({ p50: z.number().nullable(), p99: z.number().nullable(), max: z.number().nullable() })
    .nullable(),
  client: clientSchema.nullable(),
  client_workers: clientWorkersSchema.nullable(),
  is_client_bound: z.boolean(),
  reasons: z.array(z.string()),
});

const summarySchema = z.looseObject({
  request_count: z.number(),
  successful_requests: z.number(),
  failed_requests: z.number(),
  errors_by_class: z.record(z.string(), z.number()),
  duration_s: z.number(),
  load_start_offset_ms: z.number().nullable().optional(),
  request_throughput_rps: z.number().nullable(),
  output_token_throughput_tps: z.number().nullable(),
  total_token_throughput_tps: z.number().nullable(),
  target_request_rate_rps: z.number().nullable().optional(),
  achieved_request_rate_rps: z.number().nullable().optional(),
  goodput: z
    .object({
      slos_ms: z.record(z.string(), z.number()),
      good_requests: z.number(),
      goodput_rps: z.number().nullable(),
    })
    .nullable()
    .optional(),
  metrics: z.record(z.string(), statsSchema),
  monitors: z
    .looseObject({
      client: clientSchema.optional(),
      client_workers: clientWorkersSchema.optional(),
      clients: z.array(clientShardSchema).optional(),
    })
    .optional(),
});

/** Per-request columns, index-aligned, in export order (ms from the session's load start). */
export interface ProfileRequestsData {
  index: number[];
  isWarmup: boolean[];
  sentAtMs: number[];
  ttftMs: (number | null)[];
  itlMs: (number | null)[];
  e2eMs: (number | null)[];
  outputTokens: (number | null)[];
  /** null when the request was answered. */
  errorClass: (string | null)[];
}

/** One client worker process's self-measurement (`--workers N`). */
export interface ClientWorkerData {
  worker: number;
  status: string | null;
  loopDelayP99Ms: number | null;
  cpuCores: number | null;
  isClientBound: boolean;
  reasons: string[];
}

export interface ClientMeasurementData {
  wallS: number | null;
  loopDelayP50Ms: number | null;
  loopDelayP99Ms: number | null;
  loopDelayMaxMs: number | null;
  cpuCores: number | null;
  /** The client process or any of its workers was client-bound. */
  isClientBound: boolean;
  /** Why the figures are client-bound (the warning's words, a worker's prefixed "worker N:"); empty when not. */
  reasons: string[];
  /** The limits the verdict applies (`DEFAULT_CLIENT_BOUND_THRESHOLDS`). */
  thresholds: { loopDelayP99Ms: number; cpuCores: number };
  /** With --workers: each worker's own figures; empty otherwise. */
  workers: ClientWorkerData[];
}

/**
 * One client of a merged multi-client profile: its shard, how fast and how late it sent, its self-measurement (with
 * --workers: the worst event-loop delay of its processes and their CPU summed) and its client-bound verdict.
 */
export interface ClientShardData {
  shard: string;
  directory: string;
  measuredRequests: number;
  achievedRequestRateRps: number | null;
  sendLagP50Ms: number | null;
  sendLagP99Ms: number | null;
  sendLagMaxMs: number | null;
  loopDelayP99Ms: number | null;
  cpuCores: number | null;
  isClientBound: boolean;
  reasons: string[];
}

/** How the percentile table names a profile_summary.json metric (the console table's words). */
export interface MetricLabel {
  label: string;
  unit: string;
}

export interface ProfileSection {
  label: string;
  runDir: string;
  model: string;
  status: string;
  requests: ProfileRequestsData;
  /** When the load started (warm-up included), ms on the export's `sent_at_ms` clock: the charts' time origin. */
  loadStartMs: number;
  /** profile_summary.json's per-metric statistics (avg, min, max, p1…p99, std, count) as it gives them. */
  percentiles: Record<string, Record<string, number | null>>;
  /** Labels and units of the metrics the console table knows; a metric without one shows its key. */
  metricLabels: Record<string, MetricLabel>;
  totals: {
    requestCount: number;
    successfulRequests: number;
    failedRequests: number;
    durationS: number;
    requestThroughputRps: number | null;
    outputTokenThroughputTps: number | null;
    totalTokenThroughputTps: number | null;
    targetRequestRateRps: number | null;
    achievedRequestRateRps: number | null;
    errorsByClass: Record<string, number>;
  };
  goodput: { slosMs: Record<string, number>; goodRequests: number; goodputRps: number | null } | null;
  /** The measured requests (warm-up left out) over time, from the load start. */
  timeline: TimelineData;
  /**
   * Output tokens per timeline bucket spread evenly over each answered measured request's generation (first token
   * to end), as aiperf's "dispersed throughput" does: no spikes where many requests happen to end together.
   */
  dispersedOutputTokens: number[];
  client: ClientMeasurementData | null;
  /** profile_summary.json's per-replica figures (a profile over several replicas); absent with one server. */
  replicas?: ReplicaData[];
  /** A merged multi-client profile: each client's figures, by shard; empty for one client's profile. */
  clients: ClientShardData[];
}

export interface ProfileReportData {
  kind: "profile";
  version: number;
  profile: ProfileSection;
}

function parseJson(path: string, text: string, line?: number): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${path}${line === undefined ? "" : `:${line}`}: not JSON.`, { cause: error });
  }
}

function check<T>(schema: z.ZodType<T>, json: unknown, where: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new ConfigError(`${where}: field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}.`);
}

function readSummary(runDir: string): z.infer<typeof summarySchema> {
  const path = join(runDir, "profile_summary.json");
  if (!existsSync(path)) throw new ConfigError(`${path} is missing: is ${runDir} a profile directory?`);
  return check(summarySchema, parseJson(path, readFileSync(path, "utf8")), path);
}

export function readProfileRequests(path: string): ProfileRequestsData {
  const requests: ProfileRequestsData = {
    index: [],
    isWarmup: [],
    sentAtMs: [],
    ttftMs: [],
    itlMs: [],
    e2eMs: [],
    outputTokens: [],
    errorClass: [],
  };
  if (!existsSync(path)) return requests;
  for (const { number, text } of completeJsonLines(readFileSync(path, "utf8"))) {
    const request = check(exportLineSchema, parseJson(path, text, number), `${path}:${number}`);
    requests.index.push(request.index);
    requests.isWarmup.push(request.is_warmup);
    requests.sentAtMs.push(request.sent_at_ms);
    requests.ttftMs.push(request.ttft_ms);
    requests.itlMs.push(request.itl_ms);
    requests.e2eMs.push(request.e2e_latency_ms);
    requests.outputTokens.push(request.output_tokens);
    requests.errorClass.push(request.error_class);
  }
  return requests;
}

/** A profile's timeline has at most this many buckets: a few requests in each, even for a short profile. */
const PROFILE_MAX_BUCKETS = 60;

function measuredTimeline(requests: ProfileRequestsData, originMs: number): TimelineData {
  const timed = requests.index.flatMap((_, at) =>
    requests.isWarmup[at] === true
      ? []
      : [
          {
            startMs: (requests.sentAtMs[at] ?? 0) - originMs,
            e2eMs: requests.e2eMs[at] ?? 0,
            ttftMs: requests.ttftMs[at] ?? null,
            itlMs: requests.itlMs[at] ?? null,
            outputTokens: requests.outputTokens[at] ?? null,
            errorClass: requests.errorClass[at] ?? null,
          },
        ],
  );
  let endMs = 0;
  for (const request of timed) endMs = Math.max(endMs, request.startMs + Math.max(0, request.e2eMs));
  // The step that covers the span in PROFILE_MAX_BUCKETS buckets is the one covering it scaled up to MAX_BUCKETS.
  return timeline(timed, bucketMsFor((endMs * MAX_BUCKETS) / PROFILE_MAX_BUCKETS));
}

/**
 * Each answered measured request's output tokens shared out over the buckets its generation spans (first token to
 * end), in proportion to the time it generated in each; a request whose first token is its end puts them all in
 * that bucket. Buckets as `timeline`'s (`bucketMs` from `originMs`), `bucketCount` of them.
 */
export function dispersedOutputTokens(
  requests: ProfileRequestsData,
  options: { originMs: number; bucketMs: number; bucketCount: number },
): number[] {
  const { originMs, bucketMs, bucketCount } = options;
  const tokens = new Array<number>(bucketCount).fill(0);
  for (const [at, sentAtMs] of requests.sentAtMs.entries()) {
    const ttftMs = requests.ttftMs[at] ?? null;
    const e2eMs = requests.e2eMs[at] ?? null;
    const outputTokens = requests.outputTokens[at] ?? null;
    if (requests.isWarmup[at] === true || requests.errorClass[at] !== null) continue;
    if (ttftMs === null || e2eMs === null || outputTokens === null || outputTokens <= 0) continue;
    const start = Math.max(0, sentAtMs - originMs + ttftMs);
    const end = Math.max(start, sentAtMs - originMs + e2eMs);
    const last = Math.min(bucketCount - 1, Math.floor(end / bucketMs));
    if (end === start) {
      tokens[last] = (tokens[last] ?? 0) + outputTokens;
      continue;
    }
    for (let bucket = Math.floor(start / bucketMs); bucket <= last; bucket++) {
      const overlap = Math.min(end, (bucket + 1) * bucketMs) - Math.max(start, bucket * bucketMs);
      if (overlap > 0) tokens[bucket] = (tokens[bucket] ?? 0) + (outputTokens * overlap) / (end - start);
    }
  }
  return tokens.map((value) => Math.round(value * 1000) / 1000);
}

type ClientJson = NonNullable<NonNullable<z.infer<typeof summarySchema>["monitors"]>["client"]>;
type WorkersJson = NonNullable<NonNullable<z.infer<typeof summarySchema>["monitors"]>["client_workers"]>;

function clientMeasurement(
  client: ClientJson | undefined,
  workersJson: WorkersJson | undefined,
): ClientMeasurementData | null {
  if (client === undefined && workersJson === undefined) return null;
  const workers: ClientWorkerData[] = (workersJson?.workers ?? []).map((worker) => ({
    worker: worker.worker,
    status: worker.status ?? null,
    loopDelayP99Ms: worker.loop_delay_p99_ms ?? null,
    cpuCores: worker.cpu_cores ?? null,
    isClientBound: worker.is_client_bound ?? false,
    reasons: worker.reasons ?? [],
  }));
  const reasons = [
    ...(client?.reasons ?? []),
    ...workers.flatMap((worker) => worker.reasons.map((reason) => `worker ${worker.worker}: ${reason}`)),
  ];
  return {
    wallS: client?.wall_s ?? null,
    loopDelayP50Ms: client?.loop_delay_p50_ms ?? null,
    loopDelayP99Ms: client?.loop_delay_p99_ms ?? null,
    loopDelayMaxMs: client?.loop_delay_max_ms ?? null,
    cpuCores: client?.cpu_cores ?? null,
    isClientBound:
      client?.is_client_bound === true ||
      workersJson?.is_client_bound === true ||
      workers.some((worker) => worker.isClientBound),
    reasons,
    thresholds: { ...DEFAULT_CLIENT_BOUND_THRESHOLDS },
    workers,
  };
}

/** The worst of the values present; null when none is. */
function maxPresent(values: readonly (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => typeof value === "number");
  return present.length === 0 ? null : Math.max(...present);
}

function clientShards(clients: readonly z.infer<typeof clientShardSchema>[]): ClientShardData[] {
  return clients.map((entry) => {
    const workers = entry.client_workers?.workers ?? [];
    const cpus = [entry.client?.cpu_cores, ...workers.map((worker) => worker.cpu_cores)].filter(
      (value): value is number => typeof value === "number",
    );
    return {
      shard: entry.shard,
      directory: entry.directory,
      measuredRequests: entry.measured_requests,
      achievedRequestRateRps: entry.achieved_request_rate_rps,
      sendLagP50Ms: entry.send_lag_ms?.p50 ?? null,
      sendLagP99Ms: entry.send_lag_ms?.p99 ?? null,
      sendLagMaxMs: entry.send_lag_ms?.max ?? null,
      loopDelayP99Ms: maxPresent([
        entry.client?.loop_delay_p99_ms,
        ...workers.map((worker) => worker.loop_delay_p99_ms),
      ]),
      cpuCores: cpus.length === 0 ? null : cpus.reduce((sum, cores) => sum + cores, 0),
      isClientBound: entry.is_client_bound,
      reasons: entry.reasons,
    };
  });
}

function metricLabels(): Record<string, MetricLabel> {
  return Object.fromEntries(
    REQUEST_METRIC_COLUMNS.map((column) => [column.key, { label: column.label, unit: column.unit }]),
  );
}

export function buildProfileReportData(runDir: string): ProfileReportData {
  const manifest = readRunManifest(join(runDir, "run.json"));
  const summary = readSummary(runDir);
  const requests = readProfileRequests(join(runDir, "profile_export.jsonl"));
  // Workers' runs may not know the load start (null): the first request sent stands for it.
  const loadStartMs =
    summary.load_start_offset_ms ??
    requests.sentAtMs.reduce((first, sentAtMs) => Math.min(first, sentAtMs), requests.sentAtMs[0] ?? 0);
  const measured = measuredTimeline(requests, loadStartMs);
  const replicas = replicaData(summary);
  return {
    kind: "profile",
    version: REPORT_DATA_VERSION,
    profile: {
      label: basename(resolve(runDir)),
      runDir,
      model: manifest.model,
      status: manifest.status,
      requests,
      loadStartMs,
      percentiles: summary.metrics,
      metricLabels: metricLabels(),
      totals: {
        requestCount: summary.request_count,
        successfulRequests: summary.successful_requests,
        failedRequests: summary.failed_requests,
        durationS: summary.duration_s,
        requestThroughputRps: summary.request_throughput_rps,
        outputTokenThroughputTps: summary.output_token_throughput_tps,
        totalTokenThroughputTps: summary.total_token_throughput_tps,
        targetRequestRateRps: summary.target_request_rate_rps ?? null,
        achievedRequestRateRps: summary.achieved_request_rate_rps ?? null,
        errorsByClass: summary.errors_by_class,
      },
      goodput:
        summary.goodput === undefined || summary.goodput === null
          ? null
          : {
              slosMs: summary.goodput.slos_ms,
              goodRequests: summary.goodput.good_requests,
              goodputRps: summary.goodput.goodput_rps,
            },
      timeline: measured,
      dispersedOutputTokens: dispersedOutputTokens(requests, {
        originMs: loadStartMs,
        bucketMs: measured.bucketMs,
        bucketCount: measured.endedRequests.length,
      }),
      client: clientMeasurement(summary.monitors?.client, summary.monitors?.client_workers),
      ...(replicas === undefined ? {} : { replicas }),
      clients: clientShards(summary.monitors?.clients ?? []),
    },
  };
}
