// A directory whose files appear all at once (a merge's output): built under a hidden sibling name and renamed into
// place, so a merge killed part way leaves no half directory — `merge` run again starts afresh.
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { OutputWriteError } from "../errors.js";

/** Where `target` is built: `.<name>.partial` beside it (one left by a killed build is removed first). */
export function stagingDirectoryOf(target: string): string {
  const absolute = resolve(target);
  return join(dirname(absolute), `.${basename(absolute)}.partial`);
}

/**
 * Runs `build` on an empty staging directory, then renames it to `target` (which must be absent or an empty
 * directory). When `build` throws, the staging directory is removed and `target` is left as it was.
 */
export async function buildDirectoryAtomic<T>(
  target: string,
  build: (staging: string) => T | Promise<T>,
): Promise<T> {
  const staging = stagingDirectoryOf(target);
  try {
    rmSync(staging, { recursive: true, force: true });
    mkdirSync(staging, { recursive: true });
  } catch (error) {
    throw new OutputWriteError(staging, error);
  }
  let result: T;
  try {
    result = await build(staging);
    renameSync(staging, resolve(target));
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof Error && "syscall" in error && error.syscall === "rename") {
      throw new OutputWriteError(target, error);
    }
    throw error;
  }
  return result;
}
