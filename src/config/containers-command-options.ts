// `llm-bench containers prune` options: which engine, and whether the images llm-bench built stay.
import { z } from "zod";
import { containerOptions } from "./container-options.js";
import { option, optionGroup } from "./option.js";

export const containersCommandOptions = optionGroup("Containers", {
  dockerHost: containerOptions.options.dockerHost,
  keepImages: option({
    schema: z.boolean().default(false),
    flag: "keep-images",
    help: "Keep the images llm-bench built from tasks' Dockerfiles (the next run reuses them instead of building).",
  }),
});
