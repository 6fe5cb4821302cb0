// What each request asks for: endpoint, sampling, output limit, extra body fields, streaming (`run`, `profile`).
import { z } from "zod";
import { ENDPOINT_TYPES } from "../core/prompt.js";
import { option, optionGroup } from "./option.js";

const temperature = option({
  schema: z.number().min(0).max(2).optional(),
  flag: "temperature",
  placeholder: "T",
  help: "Sampling temperature.",
  defaultHelp: "the server's",
});

export const generationOptions = optionGroup("Generation", {
  endpointType: option({
    schema: z.enum(ENDPOINT_TYPES).default("chat"),
    flag: "endpoint-type",
    help: "chat: messages to /chat/completions; completions: one flat prompt to /completions.",
  }),
  temperature,
  maxTokens: option({
    schema: z.number().int().min(1).optional(),
    flag: "max-tokens",
    placeholder: "N",
    help: "Output token limit of benchmark and --input-file requests (synthetic ones use --osl).",
    defaultHelp: "the benchmark's",
  }),
  extraInputs: option({
    schema: z.record(z.string(), z.unknown()).optional(),
    flag: "extra-inputs",
    placeholder: "JSON",
    help: `JSON object merged into every request body, e.g. '{"temperature": 0, "stop": ["\\n"]}'.`,
  }),
  stream: option({
    schema: z.boolean().default(true),
    flag: "stream",
    help: "Ask for whole responses instead of SSE streams.",
  }),
});

/**
 * `run` samples at its recipe's temperature (0 when the recipe names none) unless told otherwise, and may send a
 * sampling seed.
 */
export const runGenerationOptions = optionGroup("Generation", {
  ...generationOptions.options,
  /** Absent: each benchmark's own (a BYOB definition's `endpoint_type`), else chat; see `planBenchmark`. */
  endpointType: {
    ...generationOptions.options.endpointType,
    schema: z.enum(ENDPOINT_TYPES).optional(),
    defaultHelp: "the benchmark's, else chat",
  },
  temperature: { ...temperature, defaultHelp: "the recipe's, else 0" },
  seed: option({
    schema: z.number().int().optional(),
    flag: "seed",
    placeholder: "N",
    help: "Sampling seed sent with each request.",
  }),
});
