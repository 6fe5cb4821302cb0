// Reads the states of a job array's tasks from Slurm's own output: squeue for the tasks still queued or running,
// scontrol (or sacct, where the cluster keeps accounting) for how the others ended.

/** Slurm's job states (squeue %T, scontrol JobState, sacct State), grouped as a launch counts them. */
const PENDING_STATES = new Set(["PENDING", "REQUEUED", "REQUEUE_HOLD", "REQUEUE_FED", "CONFIGURING"]);
const RUNNING_STATES = new Set([
  "RUNNING",
  "COMPLETING",
  "SUSPENDED",
  "STOPPED",
  "RESIZING",
  "SIGNALING",
  "STAGE_OUT",
]);

export type TaskPhase = "pending" | "running" | "completed" | "failed";

/** A task that ended: its state (COMPLETED, FAILED, CANCELLED, TIMEOUT, NODE_FAIL, OUT_OF_MEMORY …) and exit code. */
export interface TaskEnd {
  state: string;
  /** The batch script's exit status, and the signal that ended it (0 when none). */
  exitCode: number | undefined;
  signal: number | undefined;
  /** Slurm's reason, when it gives one (scontrol: NonZeroExitCode, TimeLimit …). */
  reason?: string | undefined;
}

export function phaseOf(state: string): TaskPhase {
  if (PENDING_STATES.has(state)) return "pending";
  if (RUNNING_STATES.has(state)) return "running";
  return state === "COMPLETED" ? "completed" : "failed";
}

/** A task's end is known once its state is neither pending nor running. */
export const isEnded = (state: string): boolean => {
  const phase = phaseOf(state);
  return phase === "completed" || phase === "failed";
};

/** `3`, `1-4`, `0-9%3` (a throttle), `1,3,5-7` → the indices. */
export function parseArrayIndices(text: string): number[] {
  const indices: number[] = [];
  for (const part of text.replace(/%\d+$/, "").split(",")) {
    const range = /^(\d+)(?:-(\d+))?(?::(\d+))?$/.exec(part.trim());
    if (range === null) continue;
    const first = Number(range[1]);
    const last = range[2] === undefined ? first : Number(range[2]);
    const step = range[3] === undefined ? 1 : Number(range[3]);
    for (let index = first; index <= last; index += step) indices.push(index);
  }
  return indices;
}

/** squeue's state names may carry a suffix (sacct: `CANCELLED by 0`; `+` when cut): the first word, upper case. */
const stateWord = (text: string): string =>
  (text.trim().split(/\s+/)[0] ?? "").replace(/\+$/, "").toUpperCase();

/** `squeue --jobs ID --array --noheader --format=%K|%T`: one `index|STATE` line per queued or running task. */
export function parseSqueueTasks(stdout: string): Map<number, string> {
  const states = new Map<number, string>();
  for (const line of stdout.split("\n")) {
    const [indexText, state] = line.trim().split("|");
    if (indexText === undefined || state === undefined) continue;
    for (const index of parseArrayIndices(indexText)) states.set(index, stateWord(state));
  }
  return states;
}

function exitOf(text: string | undefined): { exitCode: number | undefined; signal: number | undefined } {
  const match = text === undefined ? null : /^(\d+):(\d+)$/.exec(text);
  return match === null
    ? { exitCode: undefined, signal: undefined }
    : { exitCode: Number(match[1]), signal: Number(match[2]) };
}

/**
 * `scontrol show job ID --oneliner`: one line per task (the tasks not started yet share one line, `ArrayTaskId=1-3`)
 * with `JobState=`, `Reason=` and `ExitCode=status:signal`.
 */
export function parseScontrolTasks(stdout: string): Map<number, TaskEnd> {
  const tasks = new Map<number, TaskEnd>();
  for (const line of stdout.split("\n")) {
    const field = (name: string): string | undefined => new RegExp(`(?:^|\\s)${name}=(\\S+)`).exec(line)?.[1];
    const indices = field("ArrayTaskId");
    const state = field("JobState");
    if (indices === undefined || state === undefined) continue;
    const reason = field("Reason");
    const end: TaskEnd = {
      state: stateWord(state),
      ...exitOf(field("ExitCode")),
      ...(reason === undefined || reason === "None" ? {} : { reason }),
    };
    for (const index of parseArrayIndices(indices)) tasks.set(index, end);
  }
  return tasks;
}

/**
 * `sacct --jobs ID --allocations --noheader --parsable2 --format=JobID,State,ExitCode`: `ID_2|FAILED|3:0`, and the
 * tasks not started yet as `ID_[3-5]|PENDING|0:0`; steps (`ID_2.batch`) are left out by `--allocations`.
 */
export function parseSacctTasks(stdout: string): Map<number, TaskEnd> {
  const tasks = new Map<number, TaskEnd>();
  for (const line of stdout.split("\n")) {
    const [jobId, state, exit] = line.trim().split("|");
    if (jobId === undefined || state === undefined) continue;
    const task = /^\d+_(?:\[([^\]]+)\]|(\d+))$/.exec(jobId);
    if (task === null) continue;
    const end: TaskEnd = { state: stateWord(state), ...exitOf(exit) };
    for (const index of parseArrayIndices(task[1] ?? task[2] ?? "")) tasks.set(index, end);
  }
  return tasks;
}
