// Trust under stress (issue 22): the heavy reliability scenarios — full benchmarks under injected faults, repeated
// kill -9 and --resume, a full or read-only disk, the bad-input table and the API-key grep — each a whole CLI run or
// many. One file at a time (they load both cores). Run by `npm run test:reliability` and .ci/run; `npm test` leaves
// them out to stay within its time budget. `npm run bench:reliability` runs the same scenarios to regenerate the
// figures in docs/RELIABILITY.md.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.reliability.test.ts", "test/**/*.reliability.test.ts"],
    testTimeout: 600_000,
    hookTimeout: 300_000,
    pool: "forks",
    fileParallelism: false,
    reporters: ["default", ["json", { outputFile: ".vitest-reliability-results.json" }]],
  },
});
