// The options of `llm-bench run` (and the library's `runBenchmarks`), validated once where they enter.
import { z } from "zod";
import { ENDPOINT_TYPES } from "../core/prompt.js";

export const DEFAULT_BASE_URL = "http://localhost:8000/v1";

/** generate: the model writes an answer the grader reads; loglikelihood: each option's likelihood is scored. */
export const SCORINGS = ["generate", "loglikelihood"] as const;
export type Scoring = (typeof SCORINGS)[number];

const extraInputsSchema = z.record(z.string(), z.unknown());

export const runOptionsSchema = z.object({
  benchmarks: z.array(z.string().min(1)).min(1, "name at least one benchmark (see `llm-bench list`)"),
  baseUrl: z.url({ message: "must be a URL such as http://127.0.0.1:8000/v1" }).default(DEFAULT_BASE_URL),
  /** undefined: use the one model the server lists. */
  model: z.string().min(1).optional(),
  /** "local": a GGUF model in-process (llama.cpp); chosen by `chooseRunBackend` when not given. */
  backend: z.enum(["http", "local"]).optional(),
  /** The GGUF file of the local backend. */
  modelPath: z.string().min(1).optional(),
  /** Local backend: "false" (CPU, default), "auto", "cuda", "vulkan", "metal". */
  gpu: z.enum(["false", "auto", "cuda", "vulkan", "metal"]).optional(),
  /** Local backend: sequences decoded together (default min(concurrency, 4)). */
  parallel: z.number().int().min(1).max(256).optional(),
  /** Local backend: context tokens per sequence. */
  contextSize: z.number().int().min(16).optional(),
  /** Local backend: CPU threads. */
  threads: z.number().int().min(1).optional(),
  apiKey: z.string().optional(),
  endpointType: z.enum(ENDPOINT_TYPES).default("chat"),
  /** loglikelihood implies (and needs) the completions endpoint; see `parseRunOptions`. */
  scoring: z.enum(SCORINGS).default("generate"),
  concurrency: z.number().int().min(1).max(100_000).default(32),
  limit: z.number().int().min(1).optional(),
  /** A seeded subset of N samples, or "task": the task's registered NUM_SAMPLES (drawn before `limit`). */
  numSamples: z.union([z.number().int().min(1), z.literal("task")]).optional(),
  tasks: z.array(z.string().min(1)).optional(),
  /** undefined: each benchmark's default. */
  nShots: z.number().int().min(0).max(32).optional(),
  /** undefined: the benchmark's default (`defaultCot`), else off. */
  cot: z.boolean().optional(),
  /** undefined: the benchmark's default system prompt; "" disables it. */
  systemPrompt: z.string().optional(),
  grader: z.string().optional(),
  temperature: z.number().min(0).max(2).default(0),
  maxTokens: z.number().int().min(1).optional(),
  seed: z.number().int().optional(),
  extraInputs: extraInputsSchema.optional(),
  stream: z.boolean().default(true),
  outputDir: z.string().default("results"),
  dataDir: z.string().optional(),
  resume: z.string().optional(),
  verbose: z.boolean().default(false),
  /** Per-request time limit. */
  timeoutMs: z.number().int().min(1).default(600_000),
  maxRetries: z.number().int().min(0).max(20).default(2),
  /** After Ctrl-C, how long requests in flight may still finish. */
  graceMs: z.number().int().min(0).default(5_000),
  /** Scrape the server's Prometheus endpoint before and after the run; attach it to the results (the spec's). */
  scrapePrometheus: z.boolean().default(false),
  /** The endpoint (default: the base URL's origin + `/metrics`); the spec's `prometheus_url`. */
  prometheusUrl: z.url({ message: "must be a URL such as http://127.0.0.1:8000/metrics" }).optional(),
});

export type RunOptionsInput = z.input<typeof runOptionsSchema>;
export type RunOptions = z.output<typeof runOptionsSchema>;

/** Options that may differ between a run and its `--resume` (where and how to send, not what to ask). */
export const RESUMABLE_OPTION_KEYS = [
  "baseUrl",
  "gpu",
  "parallel",
  "contextSize",
  "threads",
  "apiKey",
  "concurrency",
  "outputDir",
  "resume",
  "verbose",
  "timeoutMs",
  "maxRetries",
  "graceMs",
  "dataDir",
  "scrapePrometheus",
  "prometheusUrl",
] as const satisfies readonly (keyof RunOptions)[];
