// Joins the shard directories of a multi-client profile (`profile --shard I/N --start-at T` on N clients) into one
// profile directory: every request's export line (global indices, by send time on the shards' common t0 axis),
// profile_summary.{json,csv} recomputed over every request by the one aggregator (never averaged from the shards'
// summaries; throughput over the union window, first send to last end across clients), each client's own
// self-measurement kept under `monitors.clients`, and a run.json that `report`, `compare` and `gate` read as a profile.
// With `--accuracy-benchmark` the shards' samples are joined and the accuracy files written from them
// (`merge-profile-accuracy.ts`).

import { basename, dirname, join, resolve } from "node:path";
import { optionsByKey } from "../config/option.js";
import { PROFILE_OPTION_GROUPS } from "../config/profile-options.js";
import { buildDirectoryAtomic } from "../core/build-directory-atomic.js";
import { replicaUrls } from "../core/replica-urls.js";
import { toolVersion } from "../core/tool-version.js";
import { redactUrl } from "../core/url-secrets.js";
import { writeFileAtomic } from "../core/write-file-atomic.js";
import { ConfigError } from "../errors.js";
import { parseGoodput } from "../metrics/goodput.js";
import { MetricsCollector, type MetricsSummary } from "../metrics/metrics-collector.js";
import { openProfileExport } from "../results/profile-export-writer.js";
import { profileSummaryCsv } from "../results/profile-summary-csv.js";
import type { RunManifest } from "../results/run-manifest.js";
import { summaryForManifest, writeRunManifest } from "../results/write-run-results.js";
import { checkMergeOutput } from "../runner/merge-runs.js";
import { manifestBenchmark } from "../runner/plan-config.js";
import { type MergedProfileAccuracy, mergeProfileAccuracy } from "./merge-profile-accuracy.js";
import { exportRecordChunkTimes, exportRecordMetrics } from "./profile-export-record.js";
import type { ProfileOutcome } from "./profile-outcome.js";
import { type ProfileShardDirectory, readProfileShard, type ShardRequest } from "./read-profile-shard.js";
import { createReplicaTallies } from "./replica-tallies.js";

export interface MergeProfileShardsOptions {
  /** The shards' directories, one per shard index, in any order. */
  directories: readonly string[];
  /** The merged profile's directory: new, or empty. */
  output: string;
  /** run.json's `updated_at` (default: now). */
  clock?: () => Date;
  /** Reads an `--accuracy-benchmark`'s data again (default: process.env). */
  env?: NodeJS.ProcessEnv;
}

/** One client's own figures, as its shard measured them (`monitors.clients[]` of the merged summary). */
export interface ClientShardReport {
  shard: string;
  directory: string;
  /** Its export lines (warmup included). */
  requests: number;
  measured_requests: number;
  /** Its own sends: (sends − 1) ÷ its send span. */
  achieved_request_rate_rps: number | null;
  /** How late its sends went out, from its own summary (p50, p99, max; null without requests). */
  send_lag_ms: { p50: number | null; p99: number | null; max: number | null } | null;
  /** Its client self-measurement (`monitors.client`) and, with --workers, its workers' (`client_workers`). */
  client: Record<string, unknown> | null;
  client_workers: Record<string, unknown> | null;
  is_client_bound: boolean;
  reasons: string[];
}

export interface ProfileMergeOutcome {
  runDir: string;
  model: string;
  summary: MetricsSummary;
  clients: ClientShardReport[];
  /** With `--accuracy-benchmark`: the accuracy of the shards' samples joined. */
  accuracy: ProfileOutcome["accuracy"];
  /** Console lines: client-bound clients. */
  notes: string[];
}

/**
 * Options each client may set its own way: where it writes, where it sends, how its own process runs. Every other
 * option (the load, the seed, `--start-at`, the workload, the model) must be the same on every shard.
 */
const CLIENT_KEYS = new Set([
  "shard",
  "shards",
  "outputDir",
  "baseUrl",
  "dataDir",
  "workers",
  "clientWarmupMs",
  "graceMs",
  "verbose",
  "quiet",
  "html",
  "serverMetricsUrl",
  "serverMetricsIntervalS",
  "dockerHost",
  "containerWorkers",
]);

const optionFlags = optionsByKey(PROFILE_OPTION_GROUPS);

export async function mergeProfileShards(options: MergeProfileShardsOptions): Promise<ProfileMergeOutcome> {
  const { output } = options;
  if (options.directories.length === 0) {
    throw new ConfigError("merge: name the shard directories of the profile (one per shard).");
  }
  checkMergeOutput(output, options.directories);
  const shards = orderedShards(options.directories.map(readProfileShard));
  const [first] = shards;
  if (first === undefined) throw new ConfigError("merge: no shard directory was read.");
  for (const shard of shards.slice(1)) checkSameConfiguration(first, shard);
  const requests = globalRequests(shards);
  const config = mergedConfig(first);
  const goodput = typeof config["goodput"] === "string" ? parseGoodput(config["goodput"]) : undefined;
  const requestRate = typeof config["requestRate"] === "number" ? config["requestRate"] : undefined;
  const collector = new MetricsCollector({ targetRequestRate: requestRate, goodput });
  // The replicas in the order of the first shard's --base-url list (others as the lines name them).
  const replicas = createReplicaTallies(
    typeof config["baseUrl"] === "string" ? replicaUrls(config["baseUrl"]).map(redactUrl) : [],
  );
  // Built in a staging directory and renamed into place: a merge killed part way leaves no half output.
  const { summary, clients, accuracy, notes } = await buildDirectoryAtomic(output, async (directory) => {
    const exportFile = openProfileExport(join(directory, "profile_export.jsonl"));
    try {
      for (const { record, text } of requests) {
        exportFile.line.raw(Buffer.from(text, "utf8"));
        exportFile.endLine();
        if (!record.is_warmup) {
          const metrics = exportRecordMetrics(record);
          const chunkTimes = exportRecordChunkTimes(record);
          collector.add(metrics, record.sent_at_ms, chunkTimes);
          replicas.add(metrics, record.sent_at_ms, chunkTimes, record.replica, record.replica_failures);
        }
      }
    } finally {
      exportFile.close();
    }
    const summary = collector.summary();
    const replicaFigures = replicas.figures();
    const clients = shards.map(clientReport);
    const notes = clients
      .filter((client) => client.is_client_bound)
      .map(
        (client) =>
          `warning: client shard ${client.shard} (${client.directory}) was client-bound (${client.reasons.join("; ")}); ` +
          "its requests went out late: give it --workers or more clients.",
      );
    const model = first.manifest.model;
    const startedAt = earliest(
      shards.map((shard) => shard.manifest.sessions[0]?.started_at ?? shard.manifest.created_at),
    );
    const endedAt = latest(
      shards.map((shard) => shard.manifest.sessions.at(-1)?.ended_at ?? shard.manifest.updated_at),
    );
    const mergedFrom = shards.map((shard) => ({ shard: shardText(shard), directory: shard.directory }));
    const document = {
      tool: toolVersion(),
      model,
      started_at: startedAt,
      ended_at: endedAt,
      status: "completed",
      session: 0,
      config,
      // The shards' export times count from --start-at: the load starts at 0 on that axis.
      load_start_offset_ms: 0,
      client_warmup: null,
      ...summary,
      ...(replicaFigures === undefined ? {} : { replicas: replicaFigures }),
      monitors: { clients },
      merged_from: mergedFrom,
    };
    writeFileAtomic(join(directory, "profile_summary.json"), `${JSON.stringify(document, null, 2)}\n`);
    writeFileAtomic(join(directory, "profile_summary.csv"), profileSummaryCsv(summary));
    const updatedAt = (options.clock ?? (() => new Date()))().toISOString();
    const merged: MergedProfileAccuracy | undefined =
      first.manifest.config["accuracyBenchmark"] === undefined
        ? undefined
        : await mergeProfileAccuracy({
            shards,
            output: directory,
            outputDir: dirname(resolve(output)),
            model,
            startedAt: new Date(startedAt),
            timestamp: updatedAt,
            env: options.env ?? process.env,
          });
    const accuracy = merged?.accuracy;
    // As one profile ends: incomplete when samples of its plan were left ungraded.
    const status = accuracy === undefined || accuracy.summary.isComplete ? "completed" : "incomplete";
    const sent = shards.reduce((sum, shard) => sum + shard.requests.length, 0);
    const manifest: RunManifest = {
      tool: toolVersion(),
      command: "profile",
      status,
      created_at: startedAt,
      updated_at: updatedAt,
      model,
      config,
      benchmarks: merged === undefined ? first.manifest.benchmarks : [manifestBenchmark(merged.plan)],
      sessions: [
        {
          started_at: startedAt,
          ended_at: endedAt,
          status,
          requests_sent: sent,
          duration_s: summary.duration_s,
          profile_summary: { ...summary },
          merged_from: mergedFrom,
        },
      ],
      summaries:
        accuracy === undefined
          ? {}
          : { [accuracy.summary.benchmark]: summaryForManifest(accuracy.summary, accuracy.metrics) },
      ...(first.manifest.tokenizer === undefined ? {} : { tokenizer: first.manifest.tokenizer }),
    };
    writeRunManifest(directory, manifest);
    return { summary, clients, accuracy, notes };
  });
  const { model } = first.manifest;
  return {
    runDir: output,
    model,
    summary,
    clients,
    accuracy:
      accuracy === undefined
        ? undefined
        : { ...accuracy, resultPath: join(output, basename(accuracy.resultPath)) },
    notes,
  };
}

function shardText(shard: ProfileShardDirectory): string {
  return `${shard.shard.index}/${shard.shard.count}`;
}

/** The shards by index, each of 0…N−1 exactly once, all of the same N. */
function orderedShards(shards: ProfileShardDirectory[]): ProfileShardDirectory[] {
  const [first] = shards;
  if (first === undefined) return [];
  const count = first.shard.count;
  const byIndex = new Map<number, ProfileShardDirectory>();
  for (const shard of shards) {
    if (shard.shard.count !== count) {
      throw new ConfigError(
        `${shard.directory} is shard ${shardText(shard)} but ${first.directory} is shard ${shardText(first)}: ` +
          "merge the shards of one profile (one count).",
      );
    }
    const earlier = byIndex.get(shard.shard.index);
    if (earlier !== undefined) {
      throw new ConfigError(
        `shard ${shardText(shard)} is given twice: ${earlier.directory} and ${shard.directory}; give each shard once.`,
      );
    }
    byIndex.set(shard.shard.index, shard);
  }
  const missing = Array.from({ length: count }, (_, index) => index).filter((index) => !byIndex.has(index));
  if (missing.length > 0) {
    throw new ConfigError(
      `merge: shard${missing.length > 1 ? "s" : ""} ${missing.map((index) => `${index}/${count}`).join(", ")} ` +
        `of ${count} ${missing.length > 1 ? "are" : "is"} missing; name every shard's directory.`,
    );
  }
  return [...byIndex.entries()].sort(([left], [right]) => left - right).map(([, shard]) => shard);
}

function checkSameConfiguration(first: ProfileShardDirectory, other: ProfileShardDirectory): void {
  const left = first.manifest.config;
  const right = other.manifest.config;
  const keys = [...new Set([...Object.keys(left), ...Object.keys(right)])].filter(
    (key) => !CLIENT_KEYS.has(key),
  );
  for (const key of keys.sort()) {
    const leftText = JSON.stringify(left[key]);
    const rightText = JSON.stringify(right[key]);
    if (leftText === rightText) continue;
    const flag = optionFlags.get(key)?.flag;
    throw new ConfigError(
      `${other.directory} is not a shard of the profile of ${first.directory}: ${flag === undefined ? key : `--${flag}`} ` +
        `is ${rightText ?? "not set"} there and ${leftText ?? "not set"} in ${first.directory}. The shards must ` +
        "share every option but --shard and the client's own (--output-dir, --base-url, --workers …).",
    );
  }
}

/** Every shard's requests by send time, each global index once and in the shard that owns it (i mod N). */
function globalRequests(shards: readonly ProfileShardDirectory[]): ShardRequest[] {
  const owner = new Map<number, string>();
  const all: ShardRequest[] = [];
  for (const shard of shards) {
    const { index: shardIndex, count } = shard.shard;
    for (const request of shard.requests) {
      const { index } = request.record;
      if (index % count !== shardIndex) {
        throw new ConfigError(
          `${shard.directory} (shard ${shardText(shard)}) holds request ${index}, which is shard ` +
            `${index % count}/${count}'s (request i belongs to shard i mod ${count}).`,
        );
      }
      const earlier = owner.get(index);
      if (earlier !== undefined) {
        throw new ConfigError(
          `request ${index} is in ${earlier} and again in ${shard.directory}: the shards overlap; merge each ` +
            "request once.",
        );
      }
      owner.set(index, shard.directory);
      all.push(request);
    }
  }
  return all.sort(
    (left, right) =>
      left.record.sent_at_ms - right.record.sent_at_ms || left.record.index - right.record.index,
  );
}

/** The profile's options as the shards share them, without the shard's own. */
function mergedConfig(first: ProfileShardDirectory): Record<string, unknown> {
  const { shard: _shard, shards: _shards, ...rest } = first.manifest.config;
  return rest;
}

type JsonObject = Record<string, unknown>;

function objectAt(value: unknown, key: string): JsonObject | null {
  if (typeof value !== "object" || value === null) return null;
  const inner = (value as JsonObject)[key];
  return typeof inner === "object" && inner !== null && !Array.isArray(inner) ? (inner as JsonObject) : null;
}

function numberAt(value: JsonObject | null, key: string): number | null {
  const inner = value?.[key];
  return typeof inner === "number" ? inner : null;
}

function clientReport(shard: ProfileShardDirectory): ClientShardReport {
  const { summary } = shard;
  const monitors = objectAt(summary, "monitors");
  const client = objectAt(monitors, "client");
  const workers = objectAt(monitors, "client_workers");
  const sendLag = objectAt(objectAt(summary, "metrics"), "send_lag_ms");
  const reasons = [
    ...stringsAt(client, "reasons"),
    ...(Array.isArray(workers?.["workers"]) ? (workers["workers"] as unknown[]) : []).flatMap((worker) =>
      stringsAt(worker as JsonObject, "reasons").map(
        (reason) => `worker ${String((worker as JsonObject)["worker"])}: ${reason}`,
      ),
    ),
  ];
  return {
    shard: shardText(shard),
    directory: shard.directory,
    requests: shard.requests.length,
    measured_requests: numberAt(summary, "request_count") ?? 0,
    achieved_request_rate_rps: numberAt(summary, "achieved_request_rate_rps"),
    send_lag_ms:
      sendLag === null
        ? null
        : { p50: numberAt(sendLag, "p50"), p99: numberAt(sendLag, "p99"), max: numberAt(sendLag, "max") },
    client,
    client_workers: workers,
    is_client_bound: client?.["is_client_bound"] === true || workers?.["is_client_bound"] === true,
    reasons,
  };
}

function stringsAt(value: JsonObject | null, key: string): string[] {
  const inner = value?.[key];
  return Array.isArray(inner) ? inner.filter((item): item is string => typeof item === "string") : [];
}

function earliest(times: readonly string[]): string {
  return [...times].sort()[0] ?? new Date(0).toISOString();
}

function latest(times: readonly string[]): string {
  return [...times].sort().at(-1) ?? new Date(0).toISOString();
}
