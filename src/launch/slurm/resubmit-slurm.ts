// `llm-bench launch slurm --resubmit LAUNCH_DIR [--task I,…]`: submit the same job script again for the tasks whose
// shard did not complete (each resumes its shard's run directory), follow them, and merge.

import { resolve } from "node:path";
import { ConfigError } from "../../errors.js";
import { concludeLaunch, incompleteShards, type LaunchOutcome } from "../conclude-launch.js";
import { readLaunchManifest } from "../launch-manifest.js";
import {
  runSlurmSubmission,
  type SlurmSubmissionContext,
  type SlurmSubmissionOutcome,
} from "./run-slurm-submission.js";
import type { SlurmJobSettings } from "./sbatch-script.js";
import { type SlurmRunner, systemSlurmRunner } from "./slurm-cli.js";

export interface SlurmResubmitRequest {
  launchDir: string;
  /** The tasks to submit again; by default every task whose shard did not complete. */
  tasks?: readonly number[] | undefined;
  /** Settings given again: passed to sbatch, where they override the script's #SBATCH lines. */
  slurm?: Partial<SlurmJobSettings>;
}

/** A submission's outcome, or the merge alone when every shard had already completed. */
export type SlurmResubmitOutcome = SlurmSubmissionOutcome | LaunchOutcome;

/** sbatch's command-line form of the settings given again. */
function sbatchArgsOf(slurm: Partial<SlurmJobSettings>): string[] {
  return [
    ...(slurm.jobName === undefined ? [] : [`--job-name=${slurm.jobName}`]),
    ...(slurm.partition === undefined ? [] : [`--partition=${slurm.partition}`]),
    ...(slurm.time === undefined ? [] : [`--time=${slurm.time}`]),
    ...(slurm.cpusPerTask === undefined ? [] : [`--cpus-per-task=${slurm.cpusPerTask}`]),
    ...(slurm.sbatchLines ?? []).map((line) => line.replace(/^#SBATCH\s+/, "").trim()),
  ];
}

export async function resubmitSlurm(
  request: SlurmResubmitRequest,
  context: Omit<SlurmSubmissionContext, "runner"> & { runner?: SlurmRunner },
): Promise<SlurmResubmitOutcome> {
  const launchDir = resolve(request.launchDir);
  const manifest = readLaunchManifest(launchDir);
  if (manifest.launcher !== "slurm") {
    throw new ConfigError(
      `${launchDir} is a ${manifest.launcher} launch; resubmit it with llm-bench launch ${manifest.launcher}.`,
    );
  }
  const tasks = request.tasks ?? incompleteShards(launchDir, manifest.shards);
  const outside = tasks.filter((index) => index >= manifest.shards);
  if (outside.length > 0) {
    throw new ConfigError(
      `--task ${outside.join(",")}: the launch has ${manifest.shards} tasks, 0 to ${manifest.shards - 1}.`,
    );
  }
  if (tasks.length === 0) {
    // Every shard completed (an earlier follow was interrupted, or its merge failed): merge them now.
    return concludeLaunch({ launchDir, manifest, taskEnds: new Map(), env: context.env });
  }
  const runner = context.runner ?? systemSlurmRunner(context.env);
  const unique = [...new Set(tasks)].sort((a, b) => a - b);
  return runSlurmSubmission(
    launchDir,
    manifest,
    { tasks: unique, sbatchArgs: [`--array=${unique.join(",")}`, ...sbatchArgsOf(request.slurm ?? {})] },
    { ...context, runner },
  );
}
