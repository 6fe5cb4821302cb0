// The HTML report's browser tests: generated reports opened in headless Chromium (Debian's `chromium`, installed by
// scripts/install-test-engines.sh, driven by playwright-core). Run by `npm run test:browser` and .ci/run; `npm test`
// leaves them out (each file starts a browser beside the CLI runs it makes).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.browser.test.ts"],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: ["default", ["json", { outputFile: ".vitest-browser-results.json" }]],
  },
});
