// `llm-bench compare` output choice.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const compareOptions = optionGroup("Output", {
  json: option({ schema: z.boolean().default(false), flag: "json", help: "Print the comparison as JSON." }),
  html: option({
    schema: z.string().min(1).optional(),
    flag: "html",
    placeholder: "FILE",
    help: "Also write the comparison as a self-contained page (`llm-bench report`) to FILE; run directories only.",
  }),
});
