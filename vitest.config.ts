// Test runner configuration: unit tests beside the code, end-to-end CLI tests under test/e2e.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Against a real container engine: `npm run test:containers` (vitest.containers.config.ts); in a real browser:
    // `npm run test:browser` (vitest.browser.config.ts); on a real Slurm cluster: `npm run test:slurm`.
    exclude: [
      "**/node_modules/**",
      "**/*.container.test.ts",
      "**/*.browser.test.ts",
      "**/*.slurm.test.ts",
      "**/*.reliability.test.ts",
    ],
    // Sized for a loaded 2-core machine (a full-dataset oracle run takes ~15 s quiet, several times that with
    // CPU hogs beside it); no test asserts wall time, so a generous limit only bounds a test that hangs.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Two forks on two cores: vitest's default is cores − 1 (one fork here), which leaves a core idle while a file
    // waits on the CLI processes and servers it starts (the suite used ~1.2 cores with one fork).
    maxWorkers: 2,
    // The JSON report feeds the plain "N passed, N failed" line that .ci/run prints.
    reporters: ["default", ["json", { outputFile: ".vitest-results.json" }]],
    typecheck: { enabled: true, include: ["src/**/*.test-d.ts"], tsconfig: "./tsconfig.json" },
  },
});
