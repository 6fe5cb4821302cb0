// `llm-bench report`: where the page goes. (`--html` of run/profile/grade is in output-options.ts.)
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const reportOptions = optionGroup("Report", {
  output: option({
    schema: z.string().min(1).optional(),
    flag: "output",
    short: "o",
    placeholder: "FILE",
    help: "Where to write the page.",
    defaultHelp: "RUN_DIR/report.html for one directory, ./comparison-report.html for several",
  }),
});
