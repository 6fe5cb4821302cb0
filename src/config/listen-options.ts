// Where a server command listens (`serve`, `mock-server`) and the key its clients must send.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const listenOptions = optionGroup("Listen", {
  port: option({
    schema: z.number().int().min(0).max(65_535).default(8000),
    flag: "port",
    placeholder: "P",
    help: "Port to listen on (0 picks a free one).",
  }),
  host: option({
    schema: z.string().min(1).default("127.0.0.1"),
    flag: "host",
    placeholder: "HOST",
    help: "Address to bind: 127.0.0.1 (this machine only) unless you give another (0.0.0.0: every address).",
  }),
  apiKey: option({
    schema: z.string().min(1).optional(),
    flag: "api-key",
    placeholder: "KEY",
    env: "LLM_BENCH_SERVE_API_KEY",
    help:
      "Require Authorization: Bearer KEY on every route but GET /health and GET /metrics (401 otherwise), " +
      "as vLLM's --api-key does. Never printed or written.",
    defaultHelp: "$LLM_BENCH_SERVE_API_KEY, else no key",
  }),
});
