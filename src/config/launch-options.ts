// `llm-bench launch` options: the shards and launch directory every launcher shares, and Slurm's own (sbatch lines).
import { z } from "zod";
import { numberFromText, option, optionGroup } from "./option.js";

/** Slurm's time formats: minutes, m:s, h:m:s, d-h, d-h:m, d-h:m:s, or UNLIMITED/INFINITE. */
const SLURM_TIME =
  /^(\d+|\d+:\d{1,2}|\d+:\d{1,2}:\d{1,2}|\d+-\d{1,2}|\d+-\d{1,2}:\d{1,2}|\d+-\d{1,2}:\d{1,2}:\d{1,2}|UNLIMITED|INFINITE)$/i;

/** An sbatch option as written after `#SBATCH` (a leading `#SBATCH` is accepted), one line. */
const SBATCH_LINE = /^(#SBATCH\s+)?-[^\n\r]*$/;

/** The sbatch options the launcher writes itself: the array, the logs, the working directory. */
const OWNED_SBATCH = /^(#SBATCH\s+)?(--array|-a|--output|-o|--error|-e|--open-mode|--chdir|-D)(=|\s|$)/;

export const launchOptions = optionGroup("Launch", {
  shards: option({
    schema: z.number().int().min(1).optional(),
    flag: "shards",
    placeholder: "N",
    help:
      "How many shards: N tasks, each running the command on 1/N of every benchmark's samples (required to launch; " +
      "a resubmission reads it from the launch directory).",
  }),
  outputDir: option({
    schema: z.string().min(1).default("results"),
    flag: "output-dir",
    placeholder: "DIR",
    help:
      "Where the launch directory goes: DIR/launch-<time>/ with launch.json, the job script, shard-<i>/ (each " +
      "task's run directory), logs/ and merged/ (the merged run).",
  }),
  dryRun: option({
    schema: z.boolean().default(false),
    flag: "dry-run",
    help: "Print the job script and submit nothing (nothing is written).",
  }),
  pollIntervalMs: option({
    schema: z.number().int().min(100).default(5_000),
    flag: "poll-interval",
    placeholder: "S",
    fromText: (text) => {
      const seconds = numberFromText(text);
      return typeof seconds === "number" ? Math.round(seconds * 1000) : seconds;
    },
    expected: "a number of seconds ≥ 0.1",
    help: "Seconds between polls of the job's tasks while following it.",
    defaultHelp: "5",
  }),
  resubmit: option({
    schema: z.string().min(1).optional(),
    flag: "resubmit",
    placeholder: "LAUNCH_DIR",
    help:
      "Submit again the tasks of LAUNCH_DIR whose shard did not complete (or those given by --task), each resuming " +
      "its shard's run directory; follow them and merge.",
  }),
  tasks: option({
    schema: z.array(z.number().int().min(0)).optional(),
    flag: "task",
    placeholder: "I[,I...]",
    fromText: (text) => text.split(",").map((item) => numberFromText(item.trim())),
    expected: "task indices (0-based), comma-separated",
    help: "With --resubmit: the task indices to submit again.",
    defaultHelp: "every task whose shard did not complete",
  }),
});

export const slurmOptions = optionGroup("Slurm", {
  partition: option({
    schema: z
      .string()
      .refine((text) => /^[A-Za-z0-9_.,-]+$/.test(text), {
        message: "must be a partition name (or a comma list of them)",
      })
      .optional(),
    flag: "partition",
    placeholder: "NAME",
    help: "The partition to run in (#SBATCH --partition).",
    defaultHelp: "the cluster's default",
  }),
  time: option({
    schema: z
      .string()
      .refine((text) => SLURM_TIME.test(text), {
        message: "must be a Slurm time: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS or UNLIMITED",
      })
      .optional(),
    flag: "time",
    placeholder: "TIME",
    help: "Each task's time limit (#SBATCH --time), e.g. 30, 2:00:00, 1-00.",
    defaultHelp: "the partition's",
  }),
  cpusPerTask: option({
    schema: z.number().int().min(1).optional(),
    flag: "cpus-per-task",
    placeholder: "N",
    help: "CPUs for each task (#SBATCH --cpus-per-task).",
    defaultHelp: "Slurm's (1)",
  }),
  jobName: option({
    schema: z
      .string()
      .refine((text) => /^[^\s"'\\#]+$/.test(text), {
        message: "must be one word (no spaces, quotes, backslashes or #)",
      })
      .default("llm-bench"),
    flag: "job-name",
    placeholder: "NAME",
    help: "The job's name (#SBATCH --job-name).",
  }),
  sbatchLines: option({
    schema: z
      .array(
        z
          .string()
          .refine((text) => SBATCH_LINE.test(text), {
            message: 'must be an sbatch option, one line, e.g. --sbatch "--mem=8G"',
          })
          .refine((text) => !OWNED_SBATCH.test(text), {
            message: "sets what the launcher writes itself (the array, the logs, the working directory)",
          }),
      )
      .optional(),
    flag: "sbatch",
    placeholder: "LINE",
    isWholeItem: true,
    help: 'An extra #SBATCH line, e.g. --sbatch "--gres=gpu:1" (repeat for more; commas stay in the line).',
  }),
});
