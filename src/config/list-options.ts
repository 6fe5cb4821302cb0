// `llm-bench list` output choice.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const listOptions = optionGroup("Output", {
  json: option({ schema: z.boolean().default(false), flag: "json", help: "Print a JSON array." }),
});
