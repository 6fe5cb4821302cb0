// The flags of `llm-bench profile` and their mapping onto the profile options.
import type { ProfileOptionsInput } from "../config/profile-options.js";
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
import { connectionFlags, cotFlag, runFlags } from "./run-flags.js";

const accuracyFlagNames = [
  "tasks",
  "n-shots",
  "cot",
  "no-cot",
  "system-prompt",
  "grader",
  "limit",
  "data-dir",
  "verbose",
];

export const profileFlags: FlagTable = {
  ...connectionFlags,
  "endpoint-type": runFlags["endpoint-type"] ?? { type: "string", description: "chat|completions" },
  concurrency: {
    type: "string",
    placeholder: "N",
    description: "Closed loop: N requests in flight (default 1).",
  },
  "request-rate": { type: "string", placeholder: "R", description: "Open loop: R requests/s on a schedule." },
  arrival: {
    type: "string",
    placeholder: "poisson|constant|gamma",
    description: "Interarrival distribution of --request-rate (default poisson).",
  },
  burstiness: {
    type: "string",
    placeholder: "B",
    description: "Gamma shape with --arrival gamma: <1 burstier, >1 steadier (default 1).",
  },
  seed: {
    type: "string",
    placeholder: "S",
    description: "Seed of arrivals and synthetic prompts (default 0).",
  },
  "max-concurrency": {
    type: "string",
    placeholder: "N",
    description: "Cap on requests in flight with --request-rate; late requests queue.",
  },
  "num-requests": {
    type: "string",
    placeholder: "N",
    description: "Measured requests (default: the workload's size, or 100).",
  },
  duration: { type: "string", placeholder: "S", description: "Stop scheduling after S seconds." },
  warmup: {
    type: "string",
    placeholder: "N",
    description: "Requests sent first and left out of the statistics.",
  },
  "client-warmup-ms": {
    type: "string",
    placeholder: "MS",
    description:
      "Before t0, run the client's own request path this long against an in-process mock server, so the first " +
      "requests are not sent by cold code (default 300; 0 skips it). The server under test gets none of it.",
  },
  isl: { type: "string", placeholder: "N", description: "Synthetic prompts: input tokens (default 550)." },
  osl: {
    type: "string",
    placeholder: "N",
    description: "Synthetic prompts: output tokens = max_tokens (default 150).",
  },
  "isl-stddev": { type: "string", placeholder: "N", description: "Standard deviation of the input length." },
  "osl-stddev": { type: "string", placeholder: "N", description: "Standard deviation of the output length." },
  "ignore-eos": {
    type: "boolean",
    description: "Send ignore_eos and min_tokens (vLLM, SGLang) so every answer is --osl tokens long.",
  },
  "input-file": {
    type: "string",
    placeholder: "F",
    description: 'JSONL prompts: {"prompt": …} or {"messages": […]}, optional "max_tokens".',
  },
  "accuracy-benchmark": {
    type: "string",
    placeholder: "NAME",
    description: "Send a benchmark's prompts and grade the answers (see `llm-bench list`).",
  },
  ...Object.fromEntries(
    accuracyFlagNames.flatMap((name) => (runFlags[name] ? [[name, runFlags[name]]] : [])),
  ),
  goodput: {
    type: "string",
    placeholder: '"ttft:MS itl:MS e2e:MS"',
    description: "Service-level objectives; goodput counts the requests that meet all of them.",
  },
  temperature: {
    type: "string",
    placeholder: "T",
    description: "Sampling temperature (default: the server's).",
  },
  "max-tokens": {
    type: "string",
    placeholder: "N",
    description: "Output limit for --input-file / --accuracy-benchmark prompts.",
  },
  "extra-inputs": runFlags["extra-inputs"] ?? {
    type: "string",
    description: "JSON object merged into bodies.",
  },
  "no-stream": { type: "boolean", description: "Ask for whole responses instead of SSE streams." },
  "output-dir": {
    type: "string",
    placeholder: "DIR",
    description: "Where run directories go (default results/).",
  },
  resume: {
    type: "string",
    placeholder: "RUN_DIR",
    description:
      "Continue a profile run: a benchmark's samples not yet graded, or the requests and time left (measured as a new session).",
  },
  timeout: {
    type: "string",
    placeholder: "S",
    description: "Per-request time limit in seconds (default 600).",
  },
  "max-retries": {
    type: "string",
    placeholder: "N",
    description: "Retries of a failed request (default 0).",
  },
  workers: {
    type: "string",
    placeholder: "N",
    description:
      "Spread the load over N client processes (request i goes to process i mod N; records merged; default 1).",
  },
  "server-metrics-url": {
    type: "string",
    placeholder: "URL",
    description:
      "Scrape this Prometheus endpoint before, during and after the run (vLLM, SGLang, TensorRT-LLM).",
  },
  "server-metrics-interval": {
    type: "string",
    placeholder: "S",
    description: "Seconds between scrapes during the run (default 5).",
  },
};

export function profileOptionsFromFlags(values: FlagValues, env: NodeJS.ProcessEnv): ProfileOptionsInput {
  const endpointType = stringFlag(values, "endpoint-type");
  if (endpointType !== undefined && endpointType !== "chat" && endpointType !== "completions") {
    throw new ConfigError(`--endpoint-type: expected chat or completions, got "${endpointType}".`);
  }
  const arrival = stringFlag(values, "arrival");
  if (arrival !== undefined && arrival !== "poisson" && arrival !== "constant" && arrival !== "gamma") {
    throw new ConfigError(`--arrival: expected poisson, constant or gamma, got "${arrival}".`);
  }
  const timeoutS = numberFlag(values, "timeout", "number");
  const input: Record<string, unknown> = {
    baseUrl: stringFlag(values, "base-url") ?? (env["OPENAI_BASE_URL"] || undefined),
    model: stringFlag(values, "model"),
    apiKey: stringFlag(values, "api-key"),
    endpointType,
    concurrency: numberFlag(values, "concurrency", "integer"),
    requestRate: numberFlag(values, "request-rate", "number"),
    arrival,
    burstiness: numberFlag(values, "burstiness", "number"),
    seed: numberFlag(values, "seed", "integer"),
    maxConcurrency: numberFlag(values, "max-concurrency", "integer"),
    numRequests: numberFlag(values, "num-requests", "integer"),
    durationS: numberFlag(values, "duration", "number"),
    warmup: numberFlag(values, "warmup", "integer"),
    clientWarmupMs: numberFlag(values, "client-warmup-ms", "integer"),
    isl: numberFlag(values, "isl", "integer"),
    osl: numberFlag(values, "osl", "integer"),
    islStddev: numberFlag(values, "isl-stddev", "number"),
    oslStddev: numberFlag(values, "osl-stddev", "number"),
    ignoreEos: booleanFlag(values, "ignore-eos"),
    inputFile: stringFlag(values, "input-file"),
    accuracyBenchmark: stringFlag(values, "accuracy-benchmark"),
    tasks: listFlag(values, "tasks"),
    nShots: numberFlag(values, "n-shots", "integer"),
    cot: cotFlag(values),
    systemPrompt: stringFlag(values, "system-prompt"),
    grader: stringFlag(values, "grader"),
    limit: numberFlag(values, "limit", "integer"),
    dataDir: stringFlag(values, "data-dir"),
    verbose: booleanFlag(values, "verbose"),
    goodput: stringFlag(values, "goodput"),
    temperature: numberFlag(values, "temperature", "number"),
    maxTokens: numberFlag(values, "max-tokens", "integer"),
    extraInputs: jsonObjectFlag(values, "extra-inputs"),
    stream: booleanFlag(values, "no-stream") === true ? false : undefined,
    outputDir: stringFlag(values, "output-dir"),
    resume: stringFlag(values, "resume"),
    timeoutMs: timeoutS === undefined ? undefined : Math.round(timeoutS * 1000),
    maxRetries: numberFlag(values, "max-retries", "integer"),
    workers: numberFlag(values, "workers", "integer"),
  };
  for (const key of Object.keys(input)) if (input[key] === undefined) delete input[key];
  return input as ProfileOptionsInput;
}
