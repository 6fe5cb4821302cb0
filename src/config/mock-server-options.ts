// The options of `llm-bench mock-server`: what it serves, its latency model, the oracle and the faults.
import { z } from "zod";
import { FAULT_KINDS, parseFaultRates } from "./fault-rates.js";
import { listenOptions } from "./listen-options.js";
import { groupsShape, option, optionGroup } from "./option.js";

const latencyOptions = optionGroup("Mock server", {
  model: option({
    schema: z.string().min(1).default("mock-model"),
    flag: "model",
    placeholder: "NAME",
    help: "Model id to serve.",
  }),
  ttftMs: option({
    schema: z.number().min(0).default(0),
    flag: "ttft-ms",
    placeholder: "MS",
    help: "Time to first token.",
  }),
  itlMs: option({
    schema: z.number().min(0).default(0),
    flag: "itl-ms",
    placeholder: "MS",
    help: "Delay between tokens.",
  }),
  ttftStddevMs: option({
    schema: z.number().min(0).default(0),
    flag: "ttft-stddev-ms",
    placeholder: "MS",
    help: "Standard deviation of the TTFT (seeded normal draws, clamped at 0).",
  }),
  itlStddevMs: option({
    schema: z.number().min(0).default(0),
    flag: "itl-stddev-ms",
    placeholder: "MS",
    help: "Standard deviation of each token gap.",
  }),
  ttftPerPromptTokenMs: option({
    schema: z.number().min(0).default(0),
    flag: "ttft-per-prompt-token-ms",
    placeholder: "MS",
    help: "Added to the TTFT per prompt token.",
  }),
  latencySeed: option({
    schema: z.number().int().default(0),
    flag: "latency-seed",
    placeholder: "N",
    help: "Seed of the latency draws.",
  }),
  chunkTimestamps: option({
    schema: z.boolean().default(false),
    flag: "chunk-timestamps",
    help: 'Put "server_ts_ms" (epoch ms) in every streamed chunk.',
  }),
  /** N processes (node:cluster) share the port; 1 serves from this process. */
  workers: option({
    schema: z.number().int().min(1).max(256).default(1),
    flag: "workers",
    placeholder: "N",
    help: "Serve from N processes sharing the port (node:cluster).",
  }),
  defaultOutputTokens: option({
    schema: z.number().int().min(0).default(16),
    flag: "default-output-tokens",
    placeholder: "N",
    help: "Filler tokens for unrecognised prompts without max_tokens.",
  }),
});

const oracleOptions = optionGroup("Oracle", {
  /** The oracle is on when this is set (or `--oracle-accuracy` is given). */
  oracleBenchmarks: option({
    schema: z.array(z.string().min(1)).optional(),
    flag: "oracle-benchmarks",
    placeholder: "a,b",
    help: "Benchmarks the oracle answers.",
    defaultHelp: "all, when --oracle-accuracy is given",
  }),
  oracleAccuracy: option({
    schema: z.number().min(0).max(1).default(1),
    flag: "oracle-accuracy",
    placeholder: "P",
    help: "Probability a recognised question is answered correctly (deterministic per question).",
  }),
  oracleSeed: option({
    schema: z.number().int().default(0),
    flag: "oracle-seed",
    placeholder: "N",
    help: "Seed of the per-question verdicts.",
  }),
  dataDir: option({
    schema: z.string().optional(),
    flag: "data-dir",
    placeholder: "DIR",
    help: "Read the oracle's benchmark data from DIR instead of the Hugging Face Hub.",
  }),
  servedLog: option({
    schema: z.string().min(1).optional(),
    flag: "served-log",
    placeholder: "FILE",
    help: "Append one JSON line per oracle answer.",
  }),
});

const faultOptions = optionGroup(
  "Faults",
  {
    /** Kept as given (`KIND=R` items); `parseFaultRates` reads them into a rate table. */
    faultRate: option({
      schema: z
        .array(z.string())
        .superRefine((items, context) => {
          const parsed = parseFaultRates(items);
          if (parsed.status === "error") context.addIssue({ code: "custom", message: parsed.message });
        })
        .default([]),
      flag: "fault-rate",
      placeholder: "KIND=R",
      help:
        "Share R of generation requests answered with fault KIND (repeatable, or a,b). all=R spreads R over " +
        "every kind; a bare R answers with --fault-status.",
      defaultHelp: "none",
    }),
    faultStatus: option({
      schema: z.number().int().min(400).max(599).default(503),
      flag: "fault-status",
      placeholder: "CODE",
      help: "HTTP status of the faults of a bare --fault-rate R.",
    }),
    faultSeed: option({
      schema: z.number().int().default(0),
      flag: "fault-seed",
      placeholder: "N",
      help: "Seed of which requests fault, and with which kind (deterministic per request number).",
    }),
    faultStallMs: option({
      schema: z.number().min(0).default(600_000),
      flag: "fault-stall-ms",
      placeholder: "MS",
      help: "How long a stalled answer stays silent before the server ends the connection.",
    }),
    faultTrickleMs: option({
      schema: z.number().min(0).default(5),
      flag: "fault-trickle-ms",
      placeholder: "MS",
      help: "Gap between the 8-byte pieces of a slow-trickle answer.",
    }),
  },
  { note: `Kinds: ${FAULT_KINDS.join(", ")}.` },
);

export const MOCK_SERVER_OPTION_GROUPS = [
  listenOptions,
  latencyOptions,
  oracleOptions,
  faultOptions,
] as const;

export const mockServerFlagsSchema = z.object(groupsShape(MOCK_SERVER_OPTION_GROUPS));
export type MockServerFlags = z.output<typeof mockServerFlagsSchema>;
