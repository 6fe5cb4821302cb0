// Runs Slurm's client commands (sbatch, squeue, scontrol, sacct) as child processes; a missing one is a usage error
// that says where to run the launcher.
import { execFile } from "node:child_process";
import { BenchError, ConfigError } from "../../errors.js";

export const SLURM_PROGRAMS = ["sbatch", "squeue", "scontrol", "sacct"] as const;
export type SlurmProgram = (typeof SLURM_PROGRAMS)[number];

export interface SlurmCommandResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs one Slurm command to its end (injected, so a launch's logic can be driven without a cluster). */
export type SlurmRunner = (program: SlurmProgram, args: readonly string[]) => Promise<SlurmCommandResult>;

export function notFoundMessage(program: SlurmProgram): string {
  return (
    `${program} was not found on PATH: run llm-bench launch slurm on a machine of the Slurm cluster (a login node, ` +
    "where sbatch, squeue and scontrol work), or install Slurm's client tools there (Debian/Ubuntu: apt-get install " +
    "slurm-client, with the cluster's slurm.conf; a one-machine test cluster: scripts/setup-slurm.sh)."
  );
}

/** The Slurm commands on PATH, with `env` (SLURM_CONF and the like) passed through. */
export function systemSlurmRunner(env: NodeJS.ProcessEnv): SlurmRunner {
  return (program, args) =>
    new Promise((resolve, reject) => {
      execFile(program, [...args], { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error !== null && (error as NodeJS.ErrnoException).code === "ENOENT") {
          reject(new ConfigError(notFoundMessage(program)));
          return;
        }
        if (error !== null && typeof error.code !== "number") {
          reject(new BenchError("E_SLURM", `${program} could not run: ${error.message}`, { exitCode: 1 }));
          return;
        }
        resolve({ exitCode: error === null ? 0 : Number(error.code), stdout, stderr });
      });
    });
}
