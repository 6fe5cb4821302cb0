// A write that failed part way through a session (a full disk, a read-only directory) says how to go on once it is
// fixed: resume the run directory, which keeps every sample journalled before the failure.
import { OutputWriteError } from "../errors.js";
import type { RunCommand } from "../results/run-manifest.js";

/** `error` with the resume command as what to do next when it is an `OutputWriteError`; any other error as it is. */
export function withResumeNext(error: unknown, command: RunCommand, runDir: string): unknown {
  return error instanceof OutputWriteError
    ? error.withNext(`continue with: llm-bench ${command} --resume ${runDir}`)
    : error;
}
