// One submission of a launch's job script (all its tasks, or some again): sbatch, record it in launch.json, follow
// the tasks to their end, then merge the shards or report the incomplete ones.
import { join } from "node:path";
import { concludeLaunch, type LaunchOutcome } from "../conclude-launch.js";
import { type LaunchManifest, writeLaunchManifest } from "../launch-manifest.js";
import { describeTaskEnd } from "./describe-task-end.js";
import { type FollowProgress, followSlurmJob } from "./follow-slurm-job.js";
import type { SlurmRunner } from "./slurm-cli.js";
import { submitSbatch } from "./submit-sbatch.js";

export interface SlurmSubmissionContext {
  env: NodeJS.ProcessEnv;
  runner: SlurmRunner;
  pollIntervalMs: number;
  signal?: AbortSignal | undefined;
  /** The job id once sbatch accepted it. */
  onSubmitted?: (jobId: string, tasks: readonly number[]) => void;
  onProgress?: (progress: FollowProgress) => void;
  now?: () => Date;
}

export type SlurmSubmissionOutcome =
  | (LaunchOutcome & { jobId: string })
  | { status: "interrupted"; launchDir: string; jobId: string };

export async function runSlurmSubmission(
  launchDir: string,
  manifest: LaunchManifest,
  submission: { tasks: readonly number[]; sbatchArgs: readonly string[] },
  context: SlurmSubmissionContext,
): Promise<SlurmSubmissionOutcome> {
  const now = context.now ?? (() => new Date());
  const jobId = await submitSbatch(context.runner, join(launchDir, manifest.script), submission.sbatchArgs);
  const recorded: LaunchManifest = {
    ...manifest,
    submissions: [
      ...manifest.submissions,
      { id: jobId, tasks: [...submission.tasks], submitted_at: now().toISOString() },
    ],
  };
  writeLaunchManifest(launchDir, recorded);
  context.onSubmitted?.(jobId, submission.tasks);
  let ends: Awaited<ReturnType<typeof followSlurmJob>>;
  try {
    ends = await followSlurmJob({
      jobId,
      tasks: submission.tasks,
      runner: context.runner,
      pollIntervalMs: context.pollIntervalMs,
      onProgress: context.onProgress,
      signal: context.signal,
    });
  } catch (error) {
    if (context.signal?.aborted === true) return { status: "interrupted", launchDir, jobId };
    throw error;
  }
  const taskEnds = new Map([...ends].map(([index, end]) => [index, describeTaskEnd(end)]));
  const outcome = await concludeLaunch({ launchDir, manifest: recorded, taskEnds, env: context.env });
  return { ...outcome, jobId };
}
