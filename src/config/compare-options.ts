// `llm-bench compare` output choice.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const compareOptions = optionGroup("Output", {
  json: option({ schema: z.boolean().default(false), flag: "json", help: "Print the comparison as JSON." }),
});
