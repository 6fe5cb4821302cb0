// A Slurm task's end in words, for the report of a failed task: "FAILED (NonZeroExitCode), exit code 1".
import type { TaskEnd } from "./slurm-task-states.js";

export function describeTaskEnd(end: TaskEnd): string {
  const reason = end.reason === undefined ? "" : ` (${end.reason})`;
  const exit =
    end.signal !== undefined && end.signal !== 0
      ? `, killed by signal ${end.signal}`
      : end.exitCode === undefined
        ? ""
        : `, exit code ${end.exitCode}`;
  return `${end.state}${reason}${exit}`;
}
