// `run --shard` and `merge` from the command line: two shards of GSM8K against the oracle mock server merge into a
// run whose accuracy is the oracle's truth and the unsharded run's; bad input exits 2 with what to do.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliResult,
  hasSharedData,
  journalOf,
  type MockServerProcess,
  runCli,
  sharedData,
  startMockServerProcess,
} from "./support/cli.js";
import { onlyRunDir } from "./support/run-dir.js";

const suite = hasSharedData ? describe : describe.skip;
if (!hasSharedData) process.stderr.write("shard-merge-cli skipped: no shared data (LLM_BENCH_SHARED_DATA)\n");

function expectUsageError(result: CliResult, pattern: RegExp): void {
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
  expect(result.code).toBe(2);
}

const accuracyOf = (runDir: string): number =>
  (JSON.parse(readFileSync(join(runDir, "gsm8k.json"), "utf8")) as { accuracy: number }).accuracy;

suite("run --shard and merge (CLI)", () => {
  let server: MockServerProcess;
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      sharedData,
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("merges two shards into the oracle's truth and the unsharded run's accuracy", async () => {
    const root = mkdtempSync(join(tmpdir(), "shard-cli-"));
    const common = ["gsm8k", "--limit", "120", "--base-url", server.url, "--data-dir", sharedData, "--quiet"];
    const shards = await Promise.all(
      [0, 1].map((index) =>
        runCli(["run", ...common, "--shard", `${index}/2`, "--output-dir", join(root, `shard-${index}`)]),
      ),
    );
    for (const result of shards) expect(result.code).toBe(0);
    const whole = await runCli(["run", ...common, "--output-dir", join(root, "whole")]);
    expect(whole.code).toBe(0);
    const merged = join(root, "merged");
    const result = await runCli([
      "merge",
      onlyRunDir(join(root, "shard-1")),
      onlyRunDir(join(root, "shard-0")),
      "--output",
      merged,
    ]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Merged 2 shards into ${merged}`);
    expect(result.stdout).toMatch(/OVERALL/);
    const records = journalOf<{ id: string; correct: boolean }>(merged);
    expect(new Set(records.map((record) => record.id)).size).toBe(120);
    // The oracle answers each sample right or wrong as it decided: the merged accuracy is its truth.
    const oracle = (await server.stats()).benchmarks["gsm8k"];
    expect(oracle?.uniqueSamples).toBe(120);
    // Two runs of the same 120 samples (the shards and the whole): each answered as the oracle decided.
    expect(oracle?.served).toBe(240);
    expect(accuracyOf(merged)).toBe((oracle?.correct ?? 0) / 240);
    expect(accuracyOf(merged)).toBe(accuracyOf(onlyRunDir(join(root, "whole"))));

    const compared = await runCli(["compare", merged, onlyRunDir(join(root, "whole"))]);
    expect(compared.code).toBe(0);
    expect(compared.stdout).toMatch(/No significant difference/);

    // Refusals: a shard missing, no --output, the output taken.
    expectUsageError(
      await runCli(["merge", onlyRunDir(join(root, "shard-0")), "--output", join(root, "m2")]),
      /shard 1\/2 missing: a merged run needs all 2 shards/,
    );
    expectUsageError(
      await runCli(["merge", onlyRunDir(join(root, "shard-0")), onlyRunDir(join(root, "shard-1"))]),
      /--output/,
    );
    expectUsageError(
      await runCli([
        "merge",
        onlyRunDir(join(root, "shard-0")),
        onlyRunDir(join(root, "shard-1")),
        "-o",
        merged,
      ]),
      /already holds a run/,
    );
    expectUsageError(
      await runCli(["merge", "--output", join(root, "m3")]),
      /name the shards' run directories/,
    );
    expectUsageError(
      await runCli(["run", ...common, "--shard", "2/2", "--output-dir", join(root, "bad")]),
      /shard index must be a whole number from 0 to 1/,
    );
    expectUsageError(
      await runCli(["run", ...common, "--shard", "auto", "--output-dir", join(root, "bad")]),
      /neither SLURM_ARRAY_TASK_ID/,
    );
  }, 120_000);
});
