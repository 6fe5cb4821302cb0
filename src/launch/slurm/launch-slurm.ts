// `llm-bench launch slurm -- run …` as a library call: write the launch directory and its sbatch job-array script,
// submit it, follow it, and merge the shards (or report the tasks that failed); a dry run only returns the script.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "../../errors.js";
import { givenSecret } from "../given-secret.js";
import { createLaunchDir, newLaunchDirPath } from "../launch-layout.js";
import type { LaunchManifest } from "../launch-manifest.js";
import type { LaunchedCommand } from "../launched-command.js";
import {
  runSlurmSubmission,
  type SlurmSubmissionContext,
  type SlurmSubmissionOutcome,
} from "./run-slurm-submission.js";
import { fullArray, type SlurmJobSettings, sbatchScript } from "./sbatch-script.js";
import { notFoundMessage, type SlurmRunner, systemSlurmRunner } from "./slurm-cli.js";

export const SLURM_SCRIPT_FILE = "job.sbatch";

export interface SlurmLaunchRequest {
  launched: LaunchedCommand;
  shards: number;
  /** The launch directory goes under it. */
  outputDir: string;
  slurm: SlurmJobSettings;
  pollIntervalMs: number;
  isDryRun?: boolean;
  /** What each task runs: this node and this build's CLI by default (the compute nodes share the filesystem). */
  program?: readonly string[];
  /** Where the tasks run: the current directory by default. */
  workDir?: string;
}

export type SlurmLaunchContext = Omit<SlurmSubmissionContext, "runner"> & { runner?: SlurmRunner };

export type SlurmLaunchOutcome =
  | { status: "dry-run"; launchDir: string; script: string }
  | SlurmSubmissionOutcome;

/** `node /abs/dist/cli/main.js`: the CLI of this build, run by the node running it now. */
export function defaultProgram(): string[] {
  return [process.execPath, fileURLToPath(new URL("../../cli/main.js", import.meta.url))];
}

/** Fails early, before anything is written, when sbatch is not there. */
async function checkSbatch(runner: SlurmRunner): Promise<void> {
  const version = await runner("sbatch", ["--version"]);
  if (version.exitCode !== 0)
    throw new ConfigError(`${notFoundMessage("sbatch")} (${version.stderr.trim()})`);
}

export async function launchSlurm(
  request: SlurmLaunchRequest,
  context: SlurmLaunchContext,
): Promise<SlurmLaunchOutcome> {
  const secret = givenSecret(request.launched.args);
  if (secret !== undefined) {
    throw new ConfigError(
      `${secret} cannot be given to the launched run on Slurm: the key would be written into the job script and ` +
        "launch.json. Export it instead (`export OPENAI_API_KEY=…` before `llm-bench launch slurm`): sbatch passes " +
        "the environment to the tasks.",
    );
  }
  const now = context.now ?? (() => new Date());
  const createdAt = now();
  const launchDir = newLaunchDirPath(request.outputDir, createdAt);
  const program = request.program ?? defaultProgram();
  const workDir = request.workDir ?? process.cwd();
  const script = sbatchScript({
    program,
    launched: request.launched,
    shards: request.shards,
    launchDir,
    workDir,
    slurm: request.slurm,
  });
  if (request.isDryRun === true) return { status: "dry-run", launchDir, script };
  const runner = context.runner ?? systemSlurmRunner(context.env);
  await checkSbatch(runner);
  createLaunchDir(launchDir);
  writeFileSync(join(launchDir, SLURM_SCRIPT_FILE), script, { mode: 0o755 });
  const manifest: LaunchManifest = {
    launcher: "slurm",
    shards: request.shards,
    command: request.launched.command,
    args: request.launched.args,
    program: [...program],
    work_dir: workDir,
    script: SLURM_SCRIPT_FILE,
    created_at: createdAt.toISOString(),
    submissions: [],
  };
  const tasks = Array.from({ length: request.shards }, (_, index) => index);
  // The array is in the script (#SBATCH --array=0-(N-1)); saying it on the command line too changes nothing.
  return runSlurmSubmission(
    launchDir,
    manifest,
    { tasks, sbatchArgs: [`--array=${fullArray(request.shards)}`] },
    { ...context, runner },
  );
}
