// `compare` and `gate` on a run that did not grade every planned sample.
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const incompleteOptions = optionGroup("Incomplete runs", {
  allowIncomplete: option({
    schema: z.boolean().default(false),
    flag: "allow-incomplete",
    help:
      "Accept a run whose samples were not all graded (failed or never sent) and use its graded samples; " +
      "without it such a run is refused with the command that completes it.",
  }),
});
