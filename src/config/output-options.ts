// Where a command writes its run directory (`run`, `profile`, `grade`).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const outputOptions = optionGroup("Output", {
  outputDir: option({
    schema: z.string().default("results"),
    flag: "output-dir",
    placeholder: "DIR",
    help: "Where run directories go.",
  }),
});
