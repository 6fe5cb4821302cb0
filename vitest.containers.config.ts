// The container tier's tests: against a real Docker-compatible engine (Podman's API service, set up by
// scripts/setup-container-engine.sh), one file at a time (containers share the machine's two cores). Run by
// `npm run test:containers` and .ci/run; `npm test` leaves them out.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.container.test.ts", "test/**/*.container.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    pool: "forks",
    fileParallelism: false,
    globalSetup: ["./src/containers/test-support/global-setup.ts"],
    reporters: ["default", ["json", { outputFile: ".vitest-containers-results.json" }]],
  },
});
