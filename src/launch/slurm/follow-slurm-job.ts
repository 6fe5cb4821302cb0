// Follows a submitted job array until every task of it ended: squeue each poll for the tasks queued or running,
// scontrol (sacct where scontrol forgot the job) for how the others ended. Polling, because `sbatch --wait` reports
// the end about 10 s late.
import { setTimeout as sleep } from "node:timers/promises";
import { BenchError } from "../../errors.js";
import type { SlurmRunner } from "./slurm-cli.js";
import {
  isEnded,
  parseSacctTasks,
  parseScontrolTasks,
  parseSqueueTasks,
  phaseOf,
  type TaskEnd,
  type TaskPhase,
} from "./slurm-task-states.js";

export interface FollowProgress {
  jobId: string;
  counts: Record<TaskPhase, number>;
}

export interface FollowOptions {
  jobId: string;
  tasks: readonly number[];
  runner: SlurmRunner;
  pollIntervalMs: number;
  /** Called when the counts change (and once at the start). */
  onProgress?: ((progress: FollowProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
  wait?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** Polls in a row a task may be missing from squeue, scontrol and sacct before it counts as lost. */
const LOST_AFTER_POLLS = 3;
/** squeue failures in a row (slurmctld busy or restarting) before following gives up. */
const FAILURES_ALLOWED = 5;

const INVALID_JOB = /Invalid job id/i;

async function queuedStates(options: FollowOptions): Promise<Map<number, string> | undefined> {
  const result = await options.runner("squeue", [
    "--jobs",
    options.jobId,
    "--array",
    "--noheader",
    "--format=%K|%T",
  ]);
  if (result.exitCode === 0) return parseSqueueTasks(result.stdout);
  // A job that left the controller's memory: nothing of it is queued.
  if (INVALID_JOB.test(result.stderr)) return new Map();
  return undefined;
}

async function endStates(options: FollowOptions): Promise<Map<number, TaskEnd>> {
  const shown = await options.runner("scontrol", ["show", "job", options.jobId, "--oneliner"]);
  const tasks = shown.exitCode === 0 ? parseScontrolTasks(shown.stdout) : new Map<number, TaskEnd>();
  if (options.tasks.every((index) => tasks.has(index))) return tasks;
  // Ended jobs stay in the controller for MinJobAge (300 s by default); after that only accounting knows them.
  const accounted = await options.runner("sacct", [
    "--jobs",
    options.jobId,
    "--allocations",
    "--noheader",
    "--parsable2",
    "--format=JobID,State,ExitCode",
  ]);
  if (accounted.exitCode !== 0) return tasks;
  for (const [index, end] of parseSacctTasks(accounted.stdout)) if (!tasks.has(index)) tasks.set(index, end);
  return tasks;
}

/** Resolves with every task's end once none is pending or running. */
export async function followSlurmJob(options: FollowOptions): Promise<Map<number, TaskEnd>> {
  const wait = options.wait ?? ((ms, signal) => sleep(ms, undefined, { signal }));
  const ended = new Map<number, TaskEnd>();
  const missing = new Map<number, number>();
  let lastCounts = "";
  let failures = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const queued = await queuedStates(options);
    if (queued === undefined) {
      failures++;
      if (failures >= FAILURES_ALLOWED) {
        throw new BenchError(
          "E_SLURM",
          `squeue failed ${failures} times in a row while following job ${options.jobId}; is slurmctld up? ` +
            "(scontrol ping). The job may still be running: see squeue, and llm-bench launch slurm --resubmit.",
          { exitCode: 1 },
        );
      }
    } else {
      failures = 0;
      const unsettled = options.tasks.filter((index) => !queued.has(index) && !ended.has(index));
      const ends = unsettled.length === 0 ? new Map<number, TaskEnd>() : await endStates(options);
      for (const index of unsettled) {
        const end = ends.get(index);
        if (end !== undefined && isEnded(end.state)) {
          ended.set(index, end);
        } else if (end === undefined) {
          const polls = (missing.get(index) ?? 0) + 1;
          missing.set(index, polls);
          if (polls >= LOST_AFTER_POLLS) {
            ended.set(index, {
              state: "UNKNOWN",
              exitCode: undefined,
              signal: undefined,
              reason: "not known to Slurm",
            });
          }
        }
      }
      const counts: Record<TaskPhase, number> = { pending: 0, running: 0, completed: 0, failed: 0 };
      for (const index of options.tasks) {
        const end = ended.get(index);
        counts[end === undefined ? phaseOf(queued.get(index) ?? "RUNNING") : phaseOf(end.state)]++;
      }
      const countsText = JSON.stringify(counts);
      if (countsText !== lastCounts) {
        lastCounts = countsText;
        options.onProgress?.({ jobId: options.jobId, counts });
      }
      if (ended.size === options.tasks.length) return ended;
    }
    await wait(options.pollIntervalMs, options.signal);
  }
}
