// What running untrusted code takes and gives: the request (a Python program or a shell command, its files, stdin
// and limits) and the outcome (status, exit, captured output, the reason it failed).

/** Per-execution limits; every one has a default (see `DEFAULT_LIMITS`). */
export interface SandboxLimits {
  /** Wall-clock time before the whole process group is killed. */
  wallMs: number;
  /** CPU seconds per process (RLIMIT_CPU). */
  cpuSeconds: number;
  /** Address space per process (RLIMIT_AS). */
  memoryBytes: number;
  /** Largest file a process may write (RLIMIT_FSIZE). */
  fileBytes: number;
  /** Processes (threads included) the run may have at once (RLIMIT_NPROC, inside its own user namespace). */
  processes: number;
  /** stdout and stderr are each kept up to this many bytes; more ends the run (`output-limit`). */
  outputBytes: number;
}

export interface SandboxRequest {
  /** "python": run `main.py` (the `code`) with the sandbox's Python; "shell": run `code` with `/bin/sh -c`. */
  language: "python" | "shell";
  code: string;
  /** Extra files written next to the program, by relative name (e.g. a test harness and its JSON cases). */
  files?: Readonly<Record<string, string>>;
  /** Arguments after the program (`python3 main.py ARGS`). */
  args?: readonly string[];
  stdin?: string;
  limits?: Partial<SandboxLimits>;
  signal?: AbortSignal;
}

/**
 * How an execution ended: "ok" (exit 0), "exit" (a non-zero exit code), "timeout" (the wall clock), "cpu-limit",
 * "memory-limit", "output-limit", "killed" (another signal), "aborted" (the caller's signal).
 */
export type SandboxStatus =
  | "ok"
  | "exit"
  | "timeout"
  | "cpu-limit"
  | "memory-limit"
  | "output-limit"
  | "killed"
  | "aborted";

export interface SandboxResult {
  status: SandboxStatus;
  /** The exit code when the program exited; null when a signal ended it. */
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when stdout or stderr was cut at `outputBytes`. */
  isTruncated: boolean;
  durationMs: number;
  /** One line saying why it failed ("killed after the 10 s wall-clock limit"); absent for "ok". */
  reason?: string;
}

/** Runs untrusted code; `run` never throws for what the code does (only for a broken sandbox). */
export interface CodeSandbox {
  /** "bwrap" (isolated) or "unsafe" (a plain subprocess with the same limits: `--allow-unsafe-code`). */
  readonly kind: "bwrap" | "unsafe";
  run(request: SandboxRequest): Promise<SandboxResult>;
  /** Ends what is running and frees the pool. */
  close(): Promise<void>;
}
