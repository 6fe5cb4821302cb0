// Whether a process of this machine is still running, by its pid (signal 0 probes without sending anything).

/** True while `pid` runs; a process that exists but belongs to another user (EPERM) counts as running. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
