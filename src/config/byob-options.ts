// `llm-bench byob` options.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const byobOptions = optionGroup("Definition", {
  dir: option({
    schema: z.string().min(1).optional(),
    flag: "dir",
    placeholder: "DIR",
    help: "byob new: the folder to write the definition and its dataset in.",
    defaultHelp: "the current directory",
  }),
  dataDir: option({
    schema: z.string().min(1).optional(),
    flag: "data-dir",
    placeholder: "DIR",
    help: "byob validate: where a registered dataset's local files are (hf:// datasets use the Hub client).",
  }),
});
