// The three benchmarks through `compare` and `gate`: ifeval, multi_if (conversations) and json_mode_eval,
// each run twice on its fixtures against the oracle mock server process (every answer right, then every answer
// wrong); compare pairs the samples and finds the difference, gate passes the first and fails the second against a
// reference at the first's accuracy.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../../src/benchmarks/test-support/shared-data-dir.js";
import { runCli, startMockServerProcess } from "./support/cli.js";
import { runDirNames } from "./support/run-dir.js";

const BENCHMARKS = ["ifeval", "multi_if", "json_mode_eval"] as const;

async function oracleRun(benchmark: string, accuracy: string): Promise<string> {
  const dataDir = fixturesDir(benchmark);
  const server = await startMockServerProcess([
    "--oracle-accuracy",
    accuracy,
    "--oracle-benchmarks",
    benchmark,
    "--data-dir",
    dataDir,
  ]);
  try {
    const outputDir = mkdtempSync(join(tmpdir(), `e2e-${benchmark}-${accuracy}-`));
    const result = await runCli([
      "run",
      benchmark,
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--max-tokens",
      "4096",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const [entry] = runDirNames(outputDir);
    return join(outputDir, entry ?? "");
  } finally {
    await server.stop();
  }
}

describe.each(BENCHMARKS)("%s through compare and gate", (benchmark) => {
  let right: string;
  let wrong: string;
  let references: string;

  beforeAll(async () => {
    right = await oracleRun(benchmark, "1");
    wrong = await oracleRun(benchmark, "0");
    references = mkdtempSync(join(tmpdir(), "e2e-refs-"));
    writeFileSync(join(references, `${benchmark}.yaml`), "mock-model:\n  - accuracy: 100.0\n");
  }, 120_000);

  const resultOf = (runDir: string) =>
    JSON.parse(readFileSync(join(runDir, `${benchmark}.json`), "utf8")) as {
      accuracy: number;
      num_samples: number;
    };

  it("reports every answer right, then every answer wrong", () => {
    expect(resultOf(right).accuracy).toBe(1);
    expect(resultOf(wrong).accuracy).toBe(0);
    expect(resultOf(wrong).num_samples).toBe(resultOf(right).num_samples);
  });

  it("compare pairs the samples of the two runs and finds every one flipped", async () => {
    const compared = await runCli(["compare", right, wrong, "--json"]);
    expect(compared.code).toBe(0);
    type Paired = { benchmarks: { paired: { difference: number; only_first_correct?: number }[] }[] };
    const pair = (JSON.parse(compared.stdout) as Paired).benchmarks[0]?.paired[0];
    expect(pair?.difference).toBe(-1);
  });

  it("gate passes the right run and fails the wrong one against a reference of 100", async () => {
    const pass = await runCli(["gate", right, "--references", references]);
    expect(pass.code).toBe(0);
    expect(pass.stdout).toMatch(/PASS/);
    const fail = await runCli(["gate", wrong, "--references", references]);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toMatch(/FAIL/);
  });
});
