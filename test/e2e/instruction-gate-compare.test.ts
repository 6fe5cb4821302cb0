// The three benchmarks through `compare` and `gate`: ifeval, multi_if (conversations) and json_mode_eval,
// run together twice on their fixtures against the oracle mock server process (every answer right, then every
// answer wrong); compare pairs each benchmark's samples and finds the difference, gate passes the first run and
// fails the second against references at the first's accuracy.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { fixturesDir } from "../../src/benchmarks/test-support/shared-data-dir.js";
import { runAgainstOracle, runCli } from "./support/cli.js";

const BENCHMARKS = ["ifeval", "multi_if", "json_mode_eval"] as const;

/** One --data-dir holding the three benchmarks' fixture folders (linked). */
function fixturesDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "e2e-instruction-data-"));
  for (const name of BENCHMARKS) symlinkSync(join(fixturesDir(name), name), join(dir, name));
  return dir;
}

/** The three benchmarks in one run against the oracle at `accuracy`. */
const oracleRun = (dataDir: string, accuracy: string): Promise<string> =>
  runAgainstOracle({ benchmarks: BENCHMARKS, dataDir, accuracy, runArgs: ["--max-tokens", "4096"] });

describe("ifeval, multi_if and json_mode_eval through compare and gate", () => {
  let right: string;
  let wrong: string;
  let references: string;

  beforeAll(async () => {
    const dataDir = fixturesDataDir();
    right = await oracleRun(dataDir, "1");
    wrong = await oracleRun(dataDir, "0");
    references = mkdtempSync(join(tmpdir(), "e2e-refs-"));
    mkdirSync(references, { recursive: true });
    for (const name of BENCHMARKS)
      writeFileSync(join(references, `${name}.yaml`), "mock-model:\n  - accuracy: 100.0\n");
  }, 120_000);

  const resultOf = (runDir: string, benchmark: string) =>
    JSON.parse(readFileSync(join(runDir, `${benchmark}.json`), "utf8")) as {
      accuracy: number;
      num_samples: number;
    };

  it.each(BENCHMARKS)("%s: every answer right, then every answer wrong", (benchmark) => {
    expect(resultOf(right, benchmark).accuracy).toBe(1);
    expect(resultOf(wrong, benchmark).accuracy).toBe(0);
    expect(resultOf(wrong, benchmark).num_samples).toBe(resultOf(right, benchmark).num_samples);
  });

  it("compare pairs each benchmark's samples of the two runs and finds every one flipped", async () => {
    const compared = await runCli(["compare", right, wrong, "--json"]);
    expect(compared.code).toBe(0);
    type Paired = { benchmarks: { benchmark: string; paired: { difference: number }[] }[] };
    const benchmarks = (JSON.parse(compared.stdout) as Paired).benchmarks;
    expect(benchmarks.map((each) => each.benchmark).sort()).toEqual([...BENCHMARKS].sort());
    for (const each of benchmarks) expect(each.paired[0]?.difference).toBe(-1);
  });

  it("gate passes the right run and fails the wrong one against references of 100", async () => {
    const pass = await runCli(["gate", right, "--references", references]);
    expect(pass.code).toBe(0);
    for (const name of BENCHMARKS) expect(pass.stdout).toMatch(new RegExp(`${name}\\s.*PASS`));
    const fail = await runCli(["gate", wrong, "--references", references]);
    expect(fail.code).toBe(1);
    for (const name of BENCHMARKS) expect(fail.stdout).toMatch(new RegExp(`${name}\\s.*FAIL`));
  });
});
