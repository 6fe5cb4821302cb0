// Before the Slurm tests: the cluster up (the first time here: apt-get installs and starts it), so that no test's own
// time limit pays for it; a cluster that cannot be set up fails the suite with the set-up script's words.
import { testSlurmConf } from "./slurm.js";

export function setup(): void {
  testSlurmConf();
}
