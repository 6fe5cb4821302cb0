// The sbatch job-array script of a launch: one array task per shard, each running the launched command on its shard
// (resuming the shard's run directory when an earlier attempt left one), logs per task under logs/.

import { readableShellQuote } from "../../core/shell-quote.js";
import { ConfigError } from "../../errors.js";
import { logsDirOf } from "../launch-layout.js";
import { type ShardCommandInput, shardShellLines } from "../shard-command.js";

export interface SlurmJobSettings {
  jobName: string;
  partition?: string | undefined;
  time?: string | undefined;
  cpusPerTask?: number | undefined;
  /** Extra sbatch options, one `#SBATCH` line each (a leading `#SBATCH` is dropped). */
  sbatchLines?: readonly string[] | undefined;
}

export interface SbatchScriptInput extends ShardCommandInput {
  /** Absolute: where the tasks run (the launcher's working directory, shared with the compute nodes). */
  workDir: string;
  slurm: SlurmJobSettings;
}

/** The array range of all shards: `0-(N-1)`. */
export const fullArray = (shards: number): string => (shards === 1 ? "0" : `0-${shards - 1}`);

/** An sbatch option as a directive line (a leading `#SBATCH` the user wrote is not doubled). */
function directive(option: string): string {
  return `#SBATCH ${option.replace(/^#SBATCH\s+/, "").trim()}`;
}

/** A path in a directive: sbatch splits directive lines at blanks outside double quotes. */
function pathValue(path: string): string {
  if (path.includes('"') || /[\n\r]/.test(path)) {
    throw new ConfigError(
      `${JSON.stringify(path)}: a path for a job script may not hold a double quote or a line break.`,
    );
  }
  return /\s/.test(path) ? `"${path}"` : path;
}

export function sbatchScript(input: SbatchScriptInput): string {
  const { slurm } = input;
  // sbatch expands %-patterns in log names (%a: the array index); a % of the path itself is written %%.
  const logs = logsDirOf(input.launchDir).replaceAll("%", "%%");
  const lines = [
    "#!/bin/bash",
    `# Written by llm-bench launch slurm: ${input.shards} shard${input.shards === 1 ? "" : "s"} of`,
    `#   llm-bench ${[input.launched.command, ...input.launched.args].map(readableShellQuote).join(" ")}`.replace(
      /[\n\r]/g,
      " ",
    ),
    "# Submit one task again with: sbatch --array=I <this file> (or llm-bench launch slurm --resubmit DIR --task I).",
    directive(`--job-name=${slurm.jobName}`),
    directive(`--array=${fullArray(input.shards)}`),
    directive(`--output=${pathValue(`${logs}/task-%a.out`)}`),
    directive(`--error=${pathValue(`${logs}/task-%a.err`)}`),
    // A resubmitted task adds to its logs instead of replacing what the failed attempt wrote.
    directive("--open-mode=append"),
    directive(`--chdir=${pathValue(input.workDir)}`),
    ...(slurm.partition === undefined ? [] : [directive(`--partition=${slurm.partition}`)]),
    ...(slurm.time === undefined ? [] : [directive(`--time=${slurm.time}`)]),
    ...(slurm.cpusPerTask === undefined ? [] : [directive(`--cpus-per-task=${slurm.cpusPerTask}`)]),
    ...(slurm.sbatchLines ?? []).map(directive),
    "set -eu",
    `index="\${SLURM_ARRAY_TASK_ID:?run this script as a Slurm array task (sbatch --array)}"`,
    ...shardShellLines(input, "index"),
    "",
  ];
  return lines.join("\n");
}
