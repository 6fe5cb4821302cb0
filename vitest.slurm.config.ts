// The Slurm launcher's tests: `llm-bench launch slurm` against a real single-node Slurm cluster (munge, slurmctld,
// slurmd; set up by scripts/setup-slurm.sh, which the global setup runs), one file at a time (each runs shards on the
// machine's cores). Run by `npm run test:slurm` and .ci/run; `npm test` leaves them out.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.slurm.test.ts", "test/**/*.slurm.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
    globalSetup: ["./test/e2e/support/slurm-global-setup.ts"],
    reporters: ["default", ["json", { outputFile: ".vitest-slurm-results.json" }]],
  },
});
