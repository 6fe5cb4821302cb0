// The options of `llm-bench profile` (and the library's `runProfile`), validated once where they enter.
import { z } from "zod";
import { ARRIVAL_KINDS } from "../core/arrival-kinds.js";
import { ENDPOINT_TYPES } from "../core/prompt.js";
import { DEFAULT_BASE_URL } from "./run-options.js";

export const profileOptionsSchema = z
  .object({
    baseUrl: z.url({ message: "must be a URL such as http://127.0.0.1:8000/v1" }).default(DEFAULT_BASE_URL),
    model: z.string().min(1).optional(),
    apiKey: z.string().optional(),
    endpointType: z.enum(ENDPOINT_TYPES).default("chat"),
    stream: z.boolean().default(true),
    temperature: z.number().min(0).max(2).optional(),
    /** Output limit of input-file and benchmark requests (synthetic ones use `osl`). */
    maxTokens: z.number().int().min(1).optional(),
    extraInputs: z.record(z.string(), z.unknown()).optional(),
    // Workload: synthetic (the default), an input file, or a benchmark.
    isl: z.number().int().min(1).default(550),
    osl: z.number().int().min(1).default(150),
    islStddev: z.number().min(0).default(0),
    oslStddev: z.number().min(0).default(0),
    ignoreEos: z.boolean().default(false),
    inputFile: z.string().min(1).optional(),
    accuracyBenchmark: z.string().min(1).optional(),
    tasks: z.array(z.string().min(1)).optional(),
    nShots: z.number().int().min(0).max(32).optional(),
    cot: z.boolean().optional(),
    systemPrompt: z.string().optional(),
    grader: z.string().optional(),
    limit: z.number().int().min(1).optional(),
    dataDir: z.string().optional(),
    verbose: z.boolean().default(false),
    // Load.
    concurrency: z.number().int().min(1).max(1_000_000).optional(),
    requestRate: z.number().positive().optional(),
    arrival: z.enum(ARRIVAL_KINDS).default("poisson"),
    burstiness: z.number().positive().default(1),
    seed: z.number().int().default(0),
    maxConcurrency: z.number().int().min(1).optional(),
    numRequests: z.number().int().min(1).optional(),
    durationS: z.number().positive().optional(),
    warmup: z.number().int().min(0).default(0),
    /** Before t0, ms of the client's own warm-up against an in-process mock server (0: none). */
    clientWarmupMs: z.number().int().min(0).max(60_000).default(300),
    goodput: z.string().optional(),
    outputDir: z.string().default("results"),
    /** A profile run directory to continue (`--resume`). */
    resume: z.string().optional(),
    timeoutMs: z.number().int().min(1).default(600_000),
    maxRetries: z.number().int().min(0).max(20).default(0),
    graceMs: z.number().int().min(0).default(5_000),
    /** Client processes sharing the load (`--workers`); 1 runs it in this process. */
    workers: z.number().int().min(1).max(512).default(1),
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
  });

export type ProfileOptionsInput = z.input<typeof profileOptionsSchema>;
export type ProfileOptions = z.output<typeof profileOptionsSchema>;

/**
 * Options that may differ between a profile and its `--resume`: where and how to send (a resumed session's
 * performance is measured on its own; what is asked, and so the accuracy, must stay the same).
 */
export const PROFILE_RESUMABLE_OPTION_KEYS = [
  "baseUrl",
  "apiKey",
  "concurrency",
  "requestRate",
  "maxConcurrency",
  "arrival",
  "burstiness",
  "warmup",
  "clientWarmupMs",
  "outputDir",
  "resume",
  "verbose",
  "timeoutMs",
  "maxRetries",
  "graceMs",
  "dataDir",
  "workers",
  "goodput",
] as const satisfies readonly (keyof ProfileOptions)[];
