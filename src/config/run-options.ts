// The options of `llm-bench run` (and the library's `runBenchmarks`): its option groups and their schema.
import { z } from "zod";
import { accuracyOptions, sampleCountIssue } from "./accuracy-options.js";
import { connectionOptions } from "./connection-options.js";
import { CONTAINER_RESUMABLE_OPTION_KEYS, containerOptions } from "./container-options.js";
import { runGenerationOptions } from "./generation-options.js";
import { localModelOptions } from "./local-model-options.js";
import { longContextOptions } from "./long-context-options.js";
import { groupsShape, numberFromText, option, optionGroup } from "./option.js";
import { outputOptions, resumeOptions } from "./output-options.js";
import { replicaOptions } from "./replica-options.js";
import { runRequestOptions } from "./request-options.js";
import { shardOptions } from "./shard-options.js";

/** generate: the model writes an answer the grader reads; loglikelihood: each option's likelihood is scored. */
export const SCORINGS = ["generate", "loglikelihood"] as const;
export type Scoring = (typeof SCORINGS)[number];

export const runOnlyOptions = optionGroup("Run", {
  /** "local": a GGUF model in-process (llama.cpp); chosen by `chooseRunBackend` when not given. */
  backend: option({
    schema: z.enum(["http", "local"]).optional(),
    flag: "backend",
    help: "http: an OpenAI-compatible server; local: a GGUF in-process.",
    defaultHelp: "local when no server is named, else http",
  }),
  /** loglikelihood implies (and needs) the completions endpoint; see `parseRunOptions`. */
  scoring: option({
    schema: z.enum(SCORINGS).default("generate"),
    flag: "scoring",
    help:
      "generate: grade the model's answer; loglikelihood: pick the option with the highest log-probability " +
      "(acc, acc_norm; mmlu and hellaswag; implies --endpoint-type completions; without --recipe, the lm-eval recipe).",
  }),
  /** A seeded subset of N samples, or "task": the task's registered NUM_SAMPLES (drawn before `limit`/`first`). */
  numSamples: option({
    schema: z.union([z.number().int().min(1), z.literal("task")]).optional(),
    flag: "num-samples",
    placeholder: "N|task",
    fromText: (text) => (text === "task" ? "task" : numberFromText(text)),
    help: "A seeded subset of N samples (task: the task's NUM_SAMPLES), as `gate` references use; before --limit/--first.",
  }),
  /** Scrape the server's Prometheus endpoint before and after the run; attach it to the results (the spec's). */
  scrapePrometheus: option({
    schema: z.boolean().default(false),
    flag: "scrape-prometheus",
    help:
      "Scrape the server's Prometheus endpoint before and after the run: its deltas in <benchmark>.json " +
      "(server_metrics), its text in the spec's result file (prometheus_metrics).",
  }),
  /** The endpoint (the spec's `prometheus_url`). */
  prometheusUrl: option({
    schema: z.url({ message: "must be a URL such as http://127.0.0.1:8000/metrics" }).optional(),
    flag: "prometheus-url",
    placeholder: "URL",
    help: "The endpoint --scrape-prometheus reads.",
    defaultHelp: "the --base-url's origin + /metrics",
  }),
});

/** The groups `run` takes, in the order `--help` shows them. */
export const RUN_OPTION_GROUPS = [
  connectionOptions,
  replicaOptions,
  runOnlyOptions,
  accuracyOptions,
  longContextOptions,
  runGenerationOptions,
  runRequestOptions,
  outputOptions,
  resumeOptions,
  shardOptions,
  localModelOptions,
  containerOptions,
] as const;

export const runOptionsSchema = z
  .object({
    benchmarks: z.array(z.string().min(1)).min(1, "name at least one benchmark (see `llm-bench list`)"),
    ...groupsShape(RUN_OPTION_GROUPS),
    /** After Ctrl-C, how long requests in flight may still finish. */
    graceMs: z.number().int().min(0).default(5_000),
  })
  .check((context) => {
    const issue = sampleCountIssue(context.value);
    if (issue !== undefined) {
      context.issues.push({
        code: "custom",
        path: [issue.path],
        message: issue.message,
        input: context.value,
      });
    }
  });

export type RunOptionsInput = z.input<typeof runOptionsSchema>;
export type RunOptions = z.output<typeof runOptionsSchema>;

/** Options that may differ between a run and its `--resume` (where and how to send, not what to ask). */
export const RESUMABLE_OPTION_KEYS = [
  "baseUrl",
  "replicaEjectAfter",
  "replicaCooldownMs",
  "gpu",
  "parallel",
  "contextSize",
  "threads",
  "apiKey",
  "userApiKey",
  "userBaseUrl",
  "concurrency",
  "outputDir",
  "resume",
  "verbose",
  "timeoutMs",
  "idleTimeoutMs",
  "maxResponseBytes",
  "maxRetries",
  "graceMs",
  "dataDir",
  "scrapePrometheus",
  "prometheusUrl",
  "maxConsecutiveFailures",
  "quiet",
  "html",
  ...CONTAINER_RESUMABLE_OPTION_KEYS,
] as const satisfies readonly (keyof RunOptions)[];
