// Runs `git` on the host (the SWE-bench repository cache) and fails with what git said; never prompts for
// credentials (a private or missing repository fails at once instead of waiting for a password).
import { execFile } from "node:child_process";
import { SweHarnessError } from "./swe-harness-error.js";

export interface GitResult {
  readonly stdout: string;
  readonly stderr: string;
}

export interface GitOptions {
  readonly signal?: AbortSignal;
  readonly timeoutMs?: number;
  readonly env?: Readonly<Record<string, string>>;
}

/** Default limit of one git command: a first clone of a large repository (django, sympy) takes minutes. */
const GIT_TIMEOUT_MS = 30 * 60_000;

/** Rejects with a `GitCommandError` when git exits non-zero, a `SweHarnessError` when git is not installed. */
export function runGit(args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    execFile(
      "git",
      [...args],
      {
        env: { ...process.env, GIT_TERMINAL_PROMPT: "0", GIT_ASKPASS: "", ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeoutMs ?? GIT_TIMEOUT_MS,
        killSignal: "SIGKILL",
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ stdout, stderr });
          return;
        }
        if (options.signal?.aborted === true) {
          reject(options.signal.reason);
          return;
        }
        if ((error as NodeJS.ErrnoException).code === "ENOENT") {
          reject(
            new SweHarnessError(
              "git is not installed on this machine; SWE-bench's repositories are cloned with it (install git, " +
                "e.g. `apt-get install git`).",
              { cause: error },
            ),
          );
          return;
        }
        reject(new GitCommandError(args, stderr.trim() || error.message, error));
      },
    );
  });
}

/** A git command that failed: its arguments and what it printed. */
export class GitCommandError extends Error {
  readonly args: readonly string[];
  readonly output: string;

  constructor(args: readonly string[], output: string, cause: unknown) {
    super(`git ${args.join(" ")} failed: ${output}`, { cause });
    this.name = "GitCommandError";
    this.args = args;
    this.output = output;
  }
}
