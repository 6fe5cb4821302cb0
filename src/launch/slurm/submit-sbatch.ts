// Submits a job script with `sbatch --parsable` and returns the job id; sbatch's refusal comes back in its words.
import { BenchError, ConfigError } from "../../errors.js";
import type { SlurmRunner } from "./slurm-cli.js";

/** sbatch could not reach the controller: the cluster's trouble, not the user's input. */
const UNREACHABLE =
  /Unable to contact slurm controller|Connection refused|Socket timed out|Zero Bytes were transmitted/i;

export async function submitSbatch(
  runner: SlurmRunner,
  scriptPath: string,
  extraArgs: readonly string[] = [],
): Promise<string> {
  const result = await runner("sbatch", ["--parsable", ...extraArgs, scriptPath]);
  const said = result.stderr.trim() || result.stdout.trim();
  if (result.exitCode !== 0) {
    const message = `sbatch refused ${scriptPath}: ${said}`;
    if (UNREACHABLE.test(said)) {
      throw new BenchError("E_SLURM", `${message} (is slurmctld up? scontrol ping)`, { exitCode: 1 });
    }
    throw new ConfigError(
      `${message}. Change the launcher's Slurm options (--partition, --time, --sbatch …).`,
    );
  }
  // --parsable prints "jobid" or "jobid;cluster".
  const jobId = /^(\d+)(;\S+)?$/m.exec(result.stdout.trim())?.[1];
  if (jobId === undefined) {
    throw new BenchError("E_SLURM", `sbatch printed no job id (stdout: ${JSON.stringify(result.stdout)}).`, {
      exitCode: 1,
    });
  }
  return jobId;
}
