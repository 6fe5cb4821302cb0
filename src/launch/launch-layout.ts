// Where a launch keeps its files: `<output-dir>/launch-<time>/` with launch.json, the job script, one run directory
// per shard under shard-<i>/, each task's logs under logs/, and the merged run under merged/.
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigError, toError } from "../errors.js";

export const LAUNCH_MANIFEST_FILE = "launch.json";

export const shardDirOf = (launchDir: string, index: number | string): string =>
  join(launchDir, `shard-${index}`);

export const logsDirOf = (launchDir: string): string => join(launchDir, "logs");

/** A task's standard output and error (a resubmission appends to the same files). */
export function taskLogPaths(launchDir: string, index: number): { stdout: string; stderr: string } {
  return {
    stdout: join(logsDirOf(launchDir), `task-${index}.out`),
    stderr: join(logsDirOf(launchDir), `task-${index}.err`),
  };
}

export const mergedDirOf = (launchDir: string): string => join(launchDir, "merged");

/** `<outputDir>/launch-<YYYYMMDD-HHMMSS>` as an absolute path (a numeric suffix if taken); not created. */
export function newLaunchDirPath(outputDir: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const base = resolve(outputDir, `launch-${stamp}`);
  let launchDir = base;
  for (let suffix = 2; existsSync(launchDir); suffix++) launchDir = `${base}-${suffix}`;
  return launchDir;
}

/** Makes the launch directory and its logs/ (the shards' directories are made by their tasks). */
export function createLaunchDir(launchDir: string): void {
  try {
    mkdirSync(logsDirOf(launchDir), { recursive: true });
  } catch (error) {
    throw new ConfigError(
      `Cannot create the launch directory ${launchDir} (${toError(error).message}). Choose a writable --output-dir.`,
      { cause: error },
    );
  }
}

/** The run directory a shard's task wrote (the one directory under shard-<i>/ with a run.json), if any. */
export function shardRunDirOf(launchDir: string, index: number): string | undefined {
  const shardDir = shardDirOf(launchDir, index);
  if (!existsSync(shardDir)) return undefined;
  const runDirs = readdirSync(shardDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(shardDir, entry.name, "run.json")))
    .map((entry) => entry.name)
    .sort();
  const last = runDirs.at(-1);
  return last === undefined ? undefined : join(shardDir, last);
}
