// The flags of `llm-bench run` and their mapping onto the run options.
import type { RunOptionsInput } from "../config/run-options.js";
import { ConfigError } from "../errors.js";
import {
  booleanFlag,
  type FlagTable,
  type FlagValues,
  jsonObjectFlag,
  listFlag,
  numberFlag,
  stringFlag,
} from "./flags.js";
import { localModelFlags, localModelOptionsFromFlags } from "./local-model-flags.js";

/** Where and how to send requests: shared by `run`, `check` and (later) `profile`. */
export const connectionFlags: FlagTable = {
  "base-url": {
    type: "string",
    placeholder: "URL",
    description: "OpenAI-compatible API base (default http://localhost:8000/v1, or $OPENAI_BASE_URL).",
  },
  model: {
    type: "string",
    placeholder: "NAME",
    description: "Model to request (default: the only one the server lists).",
  },
  "api-key": {
    type: "string",
    placeholder: "KEY",
    description: "Bearer token (default $OPENAI_API_KEY). Never written to disk.",
  },
};

export const runFlags: FlagTable = {
  ...connectionFlags,
  "base-url": {
    type: "string",
    placeholder: "URL",
    description:
      "OpenAI-compatible API base (default $OPENAI_BASE_URL; with neither, nor --model, the default local model runs in-process).",
  },
  model: {
    type: "string",
    placeholder: "NAME|hf:OWNER/REPO/FILE.gguf",
    description: "Model to request (default: the only one the server lists); hf:… runs that GGUF in-process.",
  },
  backend: {
    type: "string",
    placeholder: "http|local",
    description:
      "http: an OpenAI-compatible server; local: a GGUF in-process (default: local when no server is named).",
  },
  ...localModelFlags,
  "endpoint-type": {
    type: "string",
    placeholder: "chat|completions",
    description: "API to use (default chat; completions with --scoring loglikelihood).",
  },
  scoring: {
    type: "string",
    placeholder: "generate|loglikelihood",
    description:
      "generate (default): grade the model's answer; loglikelihood: pick the option with the highest log-probability (acc, acc_norm; completions endpoint, mmlu and hellaswag).",
  },
  concurrency: { type: "string", placeholder: "N", description: "Requests kept in flight (default 32)." },
  limit: {
    type: "string",
    placeholder: "N",
    description: "Evaluate only the first N samples of each benchmark.",
  },
  "num-samples": {
    type: "string",
    placeholder: "N|task",
    description: "A seeded subset of N samples (task: the task's NUM_SAMPLES), as `gate` references use.",
  },
  tasks: {
    type: "string",
    placeholder: "a,b",
    isMultiple: true,
    description: "Subtasks (subjects) to evaluate, comma list; see `llm-bench list`.",
  },
  "n-shots": {
    type: "string",
    placeholder: "K",
    description: "Few-shot examples, 0–32 (default: the benchmark's).",
  },
  cot: { type: "boolean", description: "Chain-of-thought prompts where the benchmark has them." },
  "no-cot": {
    type: "boolean",
    description: "No chain of thought, for benchmarks where it is the default (aime).",
  },
  "system-prompt": {
    type: "string",
    placeholder: "TEXT",
    description: 'System prompt (default: the benchmark\'s; "" for none).',
  },
  grader: {
    type: "string",
    placeholder: "NAME",
    description: "Grade with this grader instead of the benchmark's.",
  },
  temperature: { type: "string", placeholder: "T", description: "Sampling temperature (default 0)." },
  "max-tokens": {
    type: "string",
    placeholder: "N",
    description: "Output token limit (default: the benchmark's).",
  },
  seed: { type: "string", placeholder: "N", description: "Sampling seed sent with each request." },
  "extra-inputs": {
    type: "string",
    placeholder: "JSON",
    description: "JSON object merged into every request body, e.g. '{\"top_p\": 0.9}'.",
  },
  "no-stream": { type: "boolean", description: "Ask for whole responses instead of SSE streams." },
  "scrape-prometheus": {
    type: "boolean",
    description:
      "Scrape the server's Prometheus endpoint before and after the run: deltas in <benchmark>.json (server_metrics), the text in the spec's result file.",
  },
  "prometheus-url": {
    type: "string",
    placeholder: "URL",
    description: "The endpoint --scrape-prometheus reads (default: the --base-url's origin + /metrics).",
  },
  "output-dir": {
    type: "string",
    placeholder: "DIR",
    description: "Where run directories go (default results/).",
  },
  "data-dir": {
    type: "string",
    placeholder: "DIR",
    description: "Read benchmark files from DIR instead of the Hugging Face Hub.",
  },
  resume: { type: "string", placeholder: "RUN_DIR", description: "Continue an interrupted run in RUN_DIR." },
  timeout: {
    type: "string",
    placeholder: "S",
    description: "Per-request time limit in seconds (default 600).",
  },
  "max-retries": {
    type: "string",
    placeholder: "N",
    description: "Retries of a failed request (default 2).",
  },
  verbose: { type: "boolean", short: "v", description: "Print every graded sample." },
};

export function runOptionsFromFlags(
  values: FlagValues,
  positionals: readonly string[],
  env: NodeJS.ProcessEnv,
): RunOptionsInput {
  const endpointType = stringFlag(values, "endpoint-type");
  if (endpointType !== undefined && endpointType !== "chat" && endpointType !== "completions") {
    throw new ConfigError(`--endpoint-type: expected chat or completions, got "${endpointType}".`);
  }
  const scoring = stringFlag(values, "scoring");
  if (scoring !== undefined && scoring !== "generate" && scoring !== "loglikelihood") {
    throw new ConfigError(`--scoring: expected generate or loglikelihood, got "${scoring}".`);
  }
  const timeoutS = numberFlag(values, "timeout", "number");
  const input: Record<string, unknown> = {
    benchmarks: [...positionals],
    baseUrl: stringFlag(values, "base-url") ?? (env["OPENAI_BASE_URL"] || undefined),
    model: stringFlag(values, "model"),
    backend: stringFlag(values, "backend"),
    ...localModelOptionsFromFlags(values),
    apiKey: stringFlag(values, "api-key"),
    endpointType,
    scoring,
    concurrency: numberFlag(values, "concurrency", "integer"),
    limit: numberFlag(values, "limit", "integer"),
    numSamples:
      stringFlag(values, "num-samples") === "task" ? "task" : numberFlag(values, "num-samples", "integer"),
    tasks: listFlag(values, "tasks"),
    nShots: stringFlag(values, "n-shots") === "null" ? undefined : numberFlag(values, "n-shots", "integer"),
    cot: cotFlag(values),
    systemPrompt: stringFlag(values, "system-prompt"),
    grader: stringFlag(values, "grader"),
    temperature: numberFlag(values, "temperature", "number"),
    maxTokens: numberFlag(values, "max-tokens", "integer"),
    seed: numberFlag(values, "seed", "integer"),
    extraInputs: jsonObjectFlag(values, "extra-inputs"),
    stream: booleanFlag(values, "no-stream") === true ? false : undefined,
    scrapePrometheus: booleanFlag(values, "scrape-prometheus"),
    prometheusUrl: stringFlag(values, "prometheus-url"),
    outputDir: stringFlag(values, "output-dir"),
    dataDir: stringFlag(values, "data-dir"),
    resume: stringFlag(values, "resume"),
    timeoutMs: timeoutS === undefined ? undefined : Math.round(timeoutS * 1000),
    maxRetries: numberFlag(values, "max-retries", "integer"),
    verbose: booleanFlag(values, "verbose"),
  };
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return input as RunOptionsInput;
}

/** `--cot` on, `--no-cot` off, neither: the benchmark's default. */
export function cotFlag(values: FlagValues): boolean | undefined {
  const isOn = booleanFlag(values, "cot") === true;
  const isOff = booleanFlag(values, "no-cot") === true;
  if (isOn && isOff) throw new ConfigError("--cot and --no-cot contradict each other; give one.");
  return isOn ? true : isOff ? false : undefined;
}
