// The real Slurm cluster the launcher's tests submit to: scripts/setup-slurm.sh makes sure it is up (installs and
// starts it the first time, returns at once when it runs) and names its slurm.conf; failing that, the tests fail
// saying why — they never skip.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./cli.js";

/** The SLURM_CONF of the test cluster (set up if it is not running). */
export function testSlurmConf(): string {
  const script = join(repoRoot, "scripts/setup-slurm.sh");
  let stdout: string;
  try {
    stdout = execFileSync(script, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 600_000 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? "";
    throw new Error(
      `The Slurm tests need a running Slurm cluster, and ${script} could not set one up:\n${stderr}\n` +
        "Run it by hand to see why (it installs slurmctld, slurmd, slurm-client and munge with apt-get when missing).",
    );
  }
  const conf = stdout.trim().split("\n").at(-1) ?? "";
  if (conf === "") throw new Error(`${script} printed no SLURM_CONF`);
  return conf;
}
