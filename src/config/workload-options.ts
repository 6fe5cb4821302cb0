// What `profile` sends: synthetic prompts of seeded lengths, a JSONL prompt file, or a benchmark's prompts.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const workloadOptions = optionGroup("Workload", {
  isl: option({
    schema: z.number().int().min(1).default(550),
    flag: "isl",
    placeholder: "N",
    help: "Synthetic prompts: input tokens.",
  }),
  osl: option({
    schema: z.number().int().min(1).default(150),
    flag: "osl",
    placeholder: "N",
    help: "Synthetic prompts: output tokens = max_tokens.",
  }),
  islStddev: option({
    schema: z.number().min(0).default(0),
    flag: "isl-stddev",
    placeholder: "N",
    help: "Standard deviation of the input length.",
  }),
  oslStddev: option({
    schema: z.number().min(0).default(0),
    flag: "osl-stddev",
    placeholder: "N",
    help: "Standard deviation of the output length.",
  }),
  ignoreEos: option({
    schema: z.boolean().default(false),
    flag: "ignore-eos",
    help: "Send ignore_eos and min_tokens (vLLM, SGLang) so every answer is --osl tokens long.",
  }),
  inputFile: option({
    schema: z.string().min(1).optional(),
    flag: "input-file",
    placeholder: "F",
    help: 'JSONL prompts: {"prompt": …} or {"messages": […]}, optional "max_tokens".',
  }),
  accuracyBenchmark: option({
    schema: z.string().min(1).optional(),
    flag: "accuracy-benchmark",
    placeholder: "NAME",
    help: "Send a benchmark's prompts and grade the answers (see `llm-bench list` and the Accuracy options).",
  }),
});
