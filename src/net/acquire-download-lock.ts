// A lock file beside a download (`<destination>.lock`), so two runs sharing a cache never write one `.part` at once.

import { open, readFile, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { isProcessAlive } from "../core/is-process-alive.js";
import { abortableSleep } from "./abortable-sleep.js";
import { errorCode } from "./net-errors.js";

export interface DownloadLock {
  /** Another download held the lock first and this one waited for it to end. */
  hasWaited: boolean;
  release(): Promise<void>;
}

const POLL_MS = 200;
/** A lock file with no owner written yet is younger than this, unless its writer died. */
const UNWRITTEN_LOCK_MS = 10_000;

/** The lock's owner is gone: a process of this host that no longer runs, or a lock file never written. */
async function isStale(lockPath: string): Promise<boolean> {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(await readFile(lockPath, "utf8")) as { pid?: unknown; host?: unknown };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return false;
    const info = await stat(lockPath).catch(() => undefined);
    return info !== undefined && Date.now() - info.mtimeMs > UNWRITTEN_LOCK_MS;
  }
  if (owner.host !== hostname() || typeof owner.pid !== "number") return false;
  return !isProcessAlive(owner.pid);
}

/**
 * Takes `lockPath` (created exclusively, holding this process's pid and host), waiting while a live download —
 * of this process or another on this host or, through a shared cache, another host — holds it. A lock left by a
 * process of this host that died is taken over. An abort ends the wait with the signal's reason.
 */
export async function acquireDownloadLock(
  lockPath: string,
  signal: AbortSignal | undefined,
): Promise<DownloadLock> {
  let hasWaited = false;
  for (;;) {
    signal?.throwIfAborted();
    try {
      const handle = await open(lockPath, "wx");
      try {
        await handle.writeFile(JSON.stringify({ pid: process.pid, host: hostname() }));
      } finally {
        await handle.close();
      }
      return { hasWaited, release: () => unlink(lockPath).catch(() => undefined) };
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
    if (await isStale(lockPath)) {
      await unlink(lockPath).catch(() => undefined);
      continue;
    }
    hasWaited = true;
    try {
      await abortableSleep(POLL_MS, signal);
    } catch (error) {
      signal?.throwIfAborted();
      throw error;
    }
  }
}
