// `llm-bench list` output choice.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const listOptions = optionGroup("Output", {
  json: option({ schema: z.boolean().default(false), flag: "json", help: "Print a JSON array." }),
  include: option({
    schema: z.array(z.string().min(1)).optional(),
    flag: "include",
    placeholder: "PATH",
    help: "Also list the benchmarks of these definition files, or of every .ts/.js/.yaml file in these folders.",
  }),
});
