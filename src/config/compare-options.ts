// `llm-bench compare` output choice.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const compareOptions = optionGroup("Output", {
  json: option({ schema: z.boolean().default(false), flag: "json", help: "Print the comparison as JSON." }),
  html: option({
    schema: z.boolean().default(false),
    flag: "html",
    help:
      "Also write the comparison's self-contained page (`llm-bench report`) as ./comparison-report.html; run " +
      "directories only.",
  }),
});
