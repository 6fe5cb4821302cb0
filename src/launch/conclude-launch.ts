// The end of a launch (or a resubmission): when every shard's run completed, merge them into merged/; else report
// each incomplete shard with how its task ended, the tail of its log, and the command that submits it again.
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { readableShellQuote } from "../core/shell-quote.js";
import { readRunManifest } from "../results/run-manifest.js";
import { mergeRuns } from "../runner/merge-runs.js";
import type { RunOutcome } from "../runner/run-outcome.js";
import { mergedDirOf, shardRunDirOf, taskLogPaths } from "./launch-layout.js";
import type { LaunchManifest } from "./launch-manifest.js";
import { taskLogTail } from "./task-log-tail.js";

export interface IncompleteShard {
  index: number;
  /** How its task ended, in words ("FAILED, exit code 1"), or why nothing ran. */
  ended: string;
  /** The shard's run directory, when its task made one (it is resumed when submitted again). */
  runDir: string | undefined;
  logs: { stdout: string; stderr: string };
  /** The last lines of its error log (else its output log). */
  logTail: string;
}

export type LaunchOutcome =
  | { status: "merged"; launchDir: string; run: RunOutcome }
  | {
      status: "incomplete";
      launchDir: string;
      shards: IncompleteShard[];
      /** How many shards completed (kept as they are). */
      completed: number;
      resubmitCommand: string;
    };

/** Whether shard `index` holds a run directory whose run.json says completed. */
export function isShardCompleted(launchDir: string, index: number): boolean {
  const runDir = shardRunDirOf(launchDir, index);
  return runDir !== undefined && readRunManifest(join(runDir, "run.json")).status === "completed";
}

/** The shard indices (0 … N-1) whose run is missing or not completed. */
export function incompleteShards(launchDir: string, shards: number): number[] {
  return Array.from({ length: shards }, (_, index) => index).filter(
    (index) => !isShardCompleted(launchDir, index),
  );
}

export function resubmitCommand(launcher: string, launchDir: string, indices: readonly number[]): string {
  return `llm-bench launch ${launcher} --resubmit ${readableShellQuote(launchDir)} --task ${indices.join(",")}`;
}

export async function concludeLaunch(options: {
  launchDir: string;
  manifest: LaunchManifest;
  /** How each task of the last submission ended, in words. */
  taskEnds: ReadonlyMap<number, string>;
  env: NodeJS.ProcessEnv;
}): Promise<LaunchOutcome> {
  const { launchDir, manifest } = options;
  const incomplete = incompleteShards(launchDir, manifest.shards);
  if (incomplete.length > 0) {
    const shards = incomplete.map((index): IncompleteShard => {
      const logs = taskLogPaths(launchDir, index);
      const errorTail = taskLogTail(logs.stderr);
      return {
        index,
        ended: options.taskEnds.get(index) ?? "not submitted this time",
        runDir: shardRunDirOf(launchDir, index),
        logs,
        logTail: existsSync(logs.stderr) && errorTail !== "(empty)" ? errorTail : taskLogTail(logs.stdout),
      };
    });
    return {
      status: "incomplete",
      launchDir,
      shards,
      completed: manifest.shards - incomplete.length,
      resubmitCommand: resubmitCommand(manifest.launcher, launchDir, incomplete),
    };
  }
  const directories = Array.from(
    { length: manifest.shards },
    (_, index) => shardRunDirOf(launchDir, index) ?? "",
  );
  const output = mergedDirOf(launchDir);
  // merged/ is made from the shards alone: one left by an earlier merge is made again.
  rmSync(output, { recursive: true, force: true });
  const run = await mergeRuns({ directories, output, env: options.env });
  return { status: "merged", launchDir, run };
}
