// The options of `llm-bench profile` (and the library's `runProfile`): its option groups and their schema.
import { z } from "zod";
import { accuracyOptions, sampleCountIssue } from "./accuracy-options.js";
import { connectionOptions } from "./connection-options.js";
import { CONTAINER_RESUMABLE_OPTION_KEYS, containerOptions } from "./container-options.js";
import { generationOptions } from "./generation-options.js";
import { loadOptions } from "./load-options.js";
import { longContextOptions } from "./long-context-options.js";
import { groupsShape } from "./option.js";
import { outputOptions, resumeOptions } from "./output-options.js";
import { replicaOptions } from "./replica-options.js";
import { profileRequestOptions } from "./request-options.js";
import { serverMetricsOptions } from "./server-metrics-options.js";
import { shardOptions } from "./shard-options.js";
import { workloadOptions } from "./workload-options.js";

/** The groups `profile` takes, in the order `--help` shows them. */
export const PROFILE_OPTION_GROUPS = [
  connectionOptions,
  replicaOptions,
  loadOptions,
  shardOptions,
  workloadOptions,
  accuracyOptions,
  longContextOptions,
  generationOptions,
  profileRequestOptions,
  outputOptions,
  resumeOptions,
  serverMetricsOptions,
  containerOptions,
] as const;

export const profileOptionsSchema = z
  .object({
    ...groupsShape(PROFILE_OPTION_GROUPS),
    graceMs: z.number().int().min(0).default(5_000),
  })
  .check((context) => {
    const { value } = context;
    const issue = (path: string, message: string) =>
      context.issues.push({ code: "custom", path: [path], message, input: value });
    if (value.concurrency !== undefined && value.requestRate !== undefined) {
      issue("concurrency", "give --concurrency (closed loop) or --request-rate (open loop), not both");
    }
    if (value.maxConcurrency !== undefined && value.requestRate === undefined) {
      issue("maxConcurrency", "caps an open loop: use it with --request-rate");
    }
    if (value.inputFile !== undefined && value.accuracyBenchmark !== undefined) {
      issue("inputFile", "give --input-file or --accuracy-benchmark, not both");
    }
    if (value.arrival !== "gamma" && value.burstiness !== 1) {
      issue("burstiness", "needs --arrival gamma");
    }
    if (value.shard !== undefined && value.startAt === undefined) {
      issue(
        "startAt",
        "needed with --shard: every shard sends its part of one load from the same t0, so their requests share one " +
          "time axis (give all of them one time a little ahead, e.g. --start-at 2030-01-02T10:00:00Z)",
      );
    }
    const sampleCount = sampleCountIssue(value);
    if (sampleCount !== undefined) issue(sampleCount.path, sampleCount.message);
  });

export type ProfileOptionsInput = z.input<typeof profileOptionsSchema>;
export type ProfileOptions = z.output<typeof profileOptionsSchema>;

/**
 * Options that may differ between a profile and its `--resume`: where and how to send (a resumed session's
 * performance is measured on its own; what is asked, and so the accuracy, must stay the same).
 */
export const PROFILE_RESUMABLE_OPTION_KEYS = [
  "baseUrl",
  "replicaEjectAfter",
  "replicaCooldownMs",
  "apiKey",
  "concurrency",
  "requestRate",
  "maxConcurrency",
  "arrival",
  "burstiness",
  "warmup",
  "clientWarmupMs",
  "startAt",
  "outputDir",
  "resume",
  "verbose",
  "timeoutMs",
  "idleTimeoutMs",
  "maxResponseBytes",
  "maxRetries",
  "graceMs",
  "dataDir",
  "workers",
  "goodput",
  "serverMetricsUrl",
  "serverMetricsIntervalS",
  "quiet",
  "html",
  ...CONTAINER_RESUMABLE_OPTION_KEYS,
] as const satisfies readonly (keyof ProfileOptions)[];
