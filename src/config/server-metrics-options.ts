// `profile --server-metrics-url`: the Prometheus endpoint scraped around a run, and how often.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const serverMetricsOptions = optionGroup("Server metrics", {
  serverMetricsUrl: option({
    schema: z.string().min(1).optional(),
    flag: "server-metrics-url",
    placeholder: "URL",
    help: "Scrape this Prometheus endpoint before, during and after the run (vLLM, SGLang, TensorRT-LLM).",
  }),
  serverMetricsIntervalS: option({
    schema: z.number().positive().default(5),
    flag: "server-metrics-interval",
    placeholder: "S",
    help: "Seconds between scrapes during the run.",
  }),
});
