// `llm-bench launch slurm [options] -- run …` and `llm-bench launch slurm --resubmit DIR`: shard a run over a Slurm
// job array, follow it, and print the merged result as `run` does (or the failed tasks and how to submit them again);
// `llm-bench launch k8s [options] -- run …` hands the same checked command to the Kubernetes launch.
import { k8sOptions, slurmOptions } from "../config/launch-options.js";
import type { OptionGroup } from "../config/option.js";
import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import type { LaunchOutcome } from "../launch/conclude-launch.js";
import { parseLaunchedCommand } from "../launch/launched-command.js";
import type { FollowProgress } from "../launch/slurm/follow-slurm-job.js";
import { launchSlurm } from "../launch/slurm/launch-slurm.js";
import { resubmitSlurm } from "../launch/slurm/resubmit-slurm.js";
import { failureReport } from "../report/failure-report.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { launchSpec, runSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { launchK8sCommand } from "./launch-k8s-command.js";
import { parseCommandLine } from "./parse-command-line.js";
import { formatOutcome } from "./run-command.js";

const LAUNCHERS = ["slurm", "k8s"] as const;

/** The options that only a new launch takes, and those only a resubmission takes (by value name and flag). */
const NEW_LAUNCH_ONLY = { shards: "--shards", dryRun: "--dry-run", outputDir: "--output-dir" } as const;
const RESUBMIT_ONLY = { tasks: "--task" } as const;

function progressLine({ jobId, counts }: FollowProgress): string {
  return (
    `slurm job ${jobId}: ${counts.pending} pending, ${counts.running} running, ${counts.completed} completed, ` +
    `${counts.failed} failed\n`
  );
}

/** Why a Slurm option is refused with k8s, in words that say what Kubernetes does instead. */
function slurmOnlyReason(key: string): string {
  switch (key) {
    case "resubmit":
    case "tasks":
      return (
        "resubmission is Slurm's. On Kubernetes a failed index is retried by the Job itself: give " +
        "--backoff-limit-per-index N (a retried pod resumes its shard's run); after a failed launch the completed " +
        "shards stay on the volume claim — delete the Jobs and launch again under a new --job-name"
      );
    case "outputDir":
      return "on Kubernetes the shards and the merged run go to the volume claim, under --mount-path/<job name>/";
    case "pollIntervalMs":
      return "on Kubernetes the launcher watches the Jobs instead of polling";
    default:
      return "it is a Slurm option (an #SBATCH setting); launch k8s does not take it";
  }
}

/** Refuses each option of `group` the command line gave (exit 2), saying why. */
function refuseOptionsOf(group: OptionGroup, values: object, why: (key: string) => string): void {
  for (const [key, entry] of Object.entries(group.options)) {
    if ((values as Record<string, unknown>)[key] !== undefined) {
      throw new ConfigError(`--${entry.flag}: ${why(key)}.`);
    }
  }
}

export async function launchCommand(io: CliIo): Promise<number> {
  const end = io.argv.indexOf("--");
  const own = end === -1 ? io.argv : io.argv.slice(0, end);
  const launchedTokens = end === -1 ? undefined : io.argv.slice(end + 1);
  const { values, positionals, isHelp } = parseCommandLine(launchSpec, own, io.env);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(launchSpec));
    return 0;
  }
  const [launcher, ...rest] = positionals;
  if (rest.length > 0 && LAUNCHERS.some((name) => name === launcher)) {
    // `launch slurm --shards 4 run gsm8k`: the command is there, the -- before it is not.
    parseLaunchedCommand(launchedTokens, launchSpec.usage);
  }
  if (LAUNCHERS.find((name) => name === launcher) === undefined || rest.length > 0) {
    throw new ConfigError(
      `launch: ${launcher === undefined ? "name a launcher" : `unknown launcher "${positionals.join(" ")}"`} ` +
        `(${LAUNCHERS.join(", ")}); usage: ${launchSpec.usage}`,
    );
  }
  const options = parseOptionValues(launchSpec.groups, values);
  if (launcher === "k8s") {
    refuseOptionsOf(slurmOptions, values, slurmOnlyReason);
    return launchK8sCommand(io, options, launchedTokens);
  }
  refuseOptionsOf(
    k8sOptions,
    values,
    () => "it is for launch k8s (Kubernetes); launch slurm does not take it",
  );
  const slurm = {
    jobName: options.jobName ?? "llm-bench",
    partition: options.partition,
    time: options.time,
    cpusPerTask: options.cpusPerTask,
    sbatchLines: options.sbatchLines,
  };
  const context = {
    env: io.env,
    pollIntervalMs: options.pollIntervalMs,
    signal: io.signal,
    onSubmitted: (jobId: string, tasks: readonly number[]) =>
      io.stderr.write(`Submitted slurm job ${jobId} (tasks ${tasks.join(",")}).\n`),
    onProgress: (progress: FollowProgress) => io.stderr.write(progressLine(progress)),
  };

  if (options.resubmit !== undefined) {
    for (const [key, flag] of Object.entries(NEW_LAUNCH_ONLY)) {
      if ((values as Record<string, unknown>)[key] !== undefined) {
        throw new ConfigError(
          `${flag} is for a new launch; --resubmit takes the launch directory's own settings.`,
        );
      }
    }
    if (launchedTokens !== undefined) {
      throw new ConfigError(
        "--resubmit runs the launch directory's own command again; give no -- command (start a new launch for another).",
      );
    }
    const given = values as Record<string, unknown>;
    const outcome = await resubmitSlurm(
      {
        launchDir: options.resubmit,
        tasks: options.tasks,
        // Only the Slurm settings given now override the script's; the job name's default does not.
        slurm: Object.fromEntries(Object.entries(slurm).filter(([key]) => given[key] !== undefined)),
      },
      context,
    );
    return report(io, outcome);
  }

  for (const [key, flag] of Object.entries(RESUBMIT_ONLY)) {
    if ((values as Record<string, unknown>)[key] !== undefined) {
      throw new ConfigError(`${flag} goes with --resubmit LAUNCH_DIR.`);
    }
  }
  if (options.shards === undefined) {
    throw new ConfigError(
      `--shards N is required: how many array tasks share the samples. Usage: ${launchSpec.usage}`,
    );
  }
  const launched = parseLaunchedCommand(launchedTokens, launchSpec.usage);
  // The launched arguments are checked here, before anything is submitted: a typo must not fail N tasks.
  parseCommandLine(runSpec, launched.args);
  const outcome = await launchSlurm(
    {
      launched,
      shards: options.shards,
      outputDir: options.outputDir,
      slurm,
      pollIntervalMs: options.pollIntervalMs,
      isDryRun: options.dryRun,
    },
    context,
  );
  if (outcome.status === "dry-run") {
    io.stdout.write(outcome.script);
    io.stderr.write(`Dry run: nothing submitted; the launch directory would be ${outcome.launchDir}.\n`);
    return 0;
  }
  return report(io, outcome);
}

function report(
  io: CliIo,
  outcome: LaunchOutcome | { status: "interrupted"; launchDir: string; jobId: string },
): number {
  switch (outcome.status) {
    case "merged": {
      io.stdout.write(formatOutcome(outcome.run, terminalWidth(io.stdout)));
      io.stderr.write(`Launch directory: ${outcome.launchDir} (shard-<i>/ holds each shard's run).\n`);
      const failures = failureReport(outcome.run);
      if (failures !== "") {
        io.stderr.write(failures);
        return 1;
      }
      return 0;
    }
    case "incomplete": {
      for (const shard of outcome.shards) {
        io.stderr.write(
          `Task ${shard.index}: ${shard.ended}; its shard did not complete` +
            `${shard.runDir === undefined ? " (no run directory yet)" : ` (${shard.runDir})`}.\n` +
            `  log: ${shard.logs.stderr} (output: ${shard.logs.stdout}); its end:\n` +
            `${shard.logTail
              .split("\n")
              .map((line) => `    ${line}`)
              .join("\n")}\n`,
        );
      }
      io.stderr.write(
        `${outcome.completed > 0 ? `The ${outcome.completed} completed shard${outcome.completed === 1 ? " is" : "s are"} kept. ` : ""}` +
          `Submit the incomplete ones again (each resumes its run, if it has one) and merge with:\n` +
          `  ${outcome.resubmitCommand}\n`,
      );
      return 1;
    }
    case "interrupted":
      io.stderr.write(
        `Stopped following slurm job ${outcome.jobId}; its tasks keep running (cancel them with scancel ${outcome.jobId}).\n` +
          `Once they ended, merge with: llm-bench launch slurm --resubmit ${outcome.launchDir}\n`,
      );
      return 130;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}
