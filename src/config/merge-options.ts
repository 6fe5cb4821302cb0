// `llm-bench merge`: where the merged run directory goes.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const mergeOptions = optionGroup("Merge", {
  output: option({
    schema: z.string({ message: "name the merged run directory with --output DIR" }).min(1),
    flag: "output",
    short: "o",
    placeholder: "DIR",
    help: "The merged run directory (made; it must be new or empty).",
  }),
  html: option({
    schema: z.boolean().default(false),
    flag: "html",
    help: "Also write the merged run's self-contained HTML report (DIR/report.html).",
  }),
});
