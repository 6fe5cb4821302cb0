// Where a command writes its run directory (`run`, `profile`, `grade`), and continuing one (`--resume`).
import { z } from "zod";
import { option, optionGroup } from "./option.js";

export const outputOptions = optionGroup("Output", {
  outputDir: option({
    schema: z.string().default("results"),
    flag: "output-dir",
    placeholder: "DIR",
    help: "Where run directories go.",
  }),
  quiet: option({
    schema: z.boolean().default(false),
    flag: "quiet",
    short: "q",
    help: "No progress on stderr (no bar, progress lines, downloads or image builds); warnings and errors still print.",
  }),
  html: option({
    schema: z.boolean().default(false),
    flag: "html",
    help: "Also write RUN_DIR/report.html, the self-contained page `llm-bench report RUN_DIR` makes.",
  }),
});

/** `run` and `profile`: continue a run directory (a new session of it). */
export const resumeOptions = optionGroup("Resume", {
  resume: option({
    schema: z.string().optional(),
    flag: "resume",
    placeholder: "RUN_DIR",
    help:
      "Continue an interrupted run in RUN_DIR: the samples not graded yet (a profile: also the requests and time " +
      "left), sent as a new session with the options the run was started with.",
  }),
});
