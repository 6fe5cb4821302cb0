// The default per-execution limits, and a request's limits merged over them.
import type { SandboxLimits } from "./types.js";

export const DEFAULT_LIMITS: SandboxLimits = {
  wallMs: 10_000,
  cpuSeconds: 10,
  memoryBytes: 2 * 1024 ** 3,
  fileBytes: 16 * 1024 ** 2,
  processes: 64,
  outputBytes: 4 * 1024 ** 2,
};

/** Bytes of the private `/tmp` every execution gets (a tmpfs: all it may write, together). */
export const TMPFS_BYTES = 64 * 1024 ** 2;

/** `limits` over the defaults; CPU time never exceeds the wall-clock time (rounded up to a whole second). */
export function resolveLimits(limits: Partial<SandboxLimits> | undefined): SandboxLimits {
  const merged = { ...DEFAULT_LIMITS, ...limits };
  const wallSeconds = Math.max(1, Math.ceil(merged.wallMs / 1000));
  return { ...merged, cpuSeconds: Math.max(1, Math.min(Math.ceil(merged.cpuSeconds), wallSeconds)) };
}

/**
 * `prlimit` arguments for `limits` but the process count (soft = hard, except CPU: SIGXCPU at the limit, SIGKILL a
 * second later).
 */
export function prlimitArgs(limits: SandboxLimits): string[] {
  return [
    `--cpu=${limits.cpuSeconds}:${limits.cpuSeconds + 1}`,
    `--as=${limits.memoryBytes}`,
    `--fsize=${limits.fileBytes}`,
    "--core=0",
  ];
}

/**
 * The process count's `prlimit` argument, set apart: RLIMIT_NPROC counts every process (thread) of the real user, so
 * set outside the sandbox it would count the user's other processes and the other executions' (a non-root user with
 * 64 processes could not start one; one fork bomb would starve the executions beside it). Set inside bubblewrap's
 * user namespace, it counts that execution's own (Linux ≥ 5.14 counts per user namespace); see create-sandbox.ts for
 * the unsafe mode.
 */
export function processLimitArg(processes: number): string {
  return `--nproc=${processes}`;
}
