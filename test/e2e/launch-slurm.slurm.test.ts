// `llm-bench launch slurm` on the real Slurm cluster (scripts/setup-slurm.sh): the full GSM8K test split in 4 array
// tasks against the oracle mock server, merged — the accuracy must be the oracle's truth exactly and the unsharded
// run's, every sample once.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServerProcess, runCli, sharedData, startMockServerProcess } from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";
import { testSlurmConf } from "./support/slurm.js";

const GSM8K_TEST = 1_319;

interface ResultFile {
  accuracy: number;
  num_samples: number;
  num_correct: number;
  sample_results: { id: string; correct: boolean }[];
}

describe("launch slurm: the full GSM8K in 4 shards", () => {
  let server: MockServerProcess;
  let slurmConf: string;

  beforeAll(async () => {
    slurmConf = testSlurmConf();
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      sharedData,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("merges the shards into the unsharded run's results, equal to what the oracle served", async () => {
    const unshardedDir = mkdtempSync(join(tmpdir(), "e2e-slurm-unsharded-"));
    const unsharded = await runCli([
      "run",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      sharedData,
      "--concurrency",
      "64",
      "--output-dir",
      unshardedDir,
    ]);
    expect(unsharded.code).toBe(0);
    const reference = readJson<ResultFile>(join(onlyRunDir(unshardedDir), "gsm8k.json"));

    const before = await server.stats();
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-slurm-launch-"));
    const launched = await runCli(
      [
        "launch",
        "slurm",
        "--shards",
        "4",
        "--output-dir",
        outputDir,
        "--poll-interval",
        "0.5",
        "--job-name",
        "e2e-gsm8k",
        "--",
        "run",
        "gsm8k",
        "--base-url",
        server.url,
        "--data-dir",
        sharedData,
        "--concurrency",
        "16",
      ],
      { env: { SLURM_CONF: slurmConf } },
    );
    expect(launched.stderr).not.toMatch(/internal error/);
    expect(launched.code, launched.stderr).toBe(0);
    const after = await server.stats();

    const launchDir = join(
      outputDir,
      readdirSync(outputDir).find((name) => name.startsWith("launch-")) ?? "",
    );
    const mergedDir = join(launchDir, "merged");
    expect(launched.stdout).toContain(`Results: ${mergedDir}`);
    expect(launched.stdout).toMatch(new RegExp(`OVERALL\\s+\\d+\\s+${GSM8K_TEST}`));
    expect(launched.stderr).toMatch(/Submitted slurm job \d+ \(tasks 0,1,2,3\)/);
    expect(launched.stderr).toMatch(/slurm job \d+: 0 pending, 0 running, 4 completed, 0 failed/);

    // The oracle's truth: what it served to the launch, each sample once.
    const served = after.benchmarks["gsm8k"];
    const servedBefore = before.benchmarks["gsm8k"];
    const servedByLaunch = (served?.served ?? 0) - (servedBefore?.served ?? 0);
    const correctByLaunch = (served?.correct ?? 0) - (servedBefore?.correct ?? 0);
    expect(servedByLaunch).toBe(GSM8K_TEST);

    const merged = readJson<ResultFile>(join(mergedDir, "gsm8k.json"));
    expect(merged.num_samples).toBe(GSM8K_TEST);
    expect(merged.num_correct).toBe(correctByLaunch);
    expect(merged.accuracy).toBe(correctByLaunch / GSM8K_TEST);
    expect(merged.accuracy).toBe(reference.accuracy);
    const verdicts = (file: ResultFile) =>
      new Map(file.sample_results.map((sample) => [sample.id, sample.correct]));
    expect(verdicts(merged)).toEqual(verdicts(reference));

    const journal = readJsonLines<{ id: string }>(join(mergedDir, "samples.jsonl"));
    expect(journal).toHaveLength(GSM8K_TEST);
    expect(new Set(journal.map((line) => line.id)).size).toBe(GSM8K_TEST);

    // Each task ran its own shard into its own directory; together they hold every sample once.
    let sharded = 0;
    for (let index = 0; index < 4; index++) {
      const runDir = onlyRunDir(join(launchDir, `shard-${index}`));
      const manifest = readJson<{ status: string; config: { shard?: string } }>(join(runDir, "run.json"));
      expect(manifest.status).toBe("completed");
      expect(manifest.config.shard).toBe(`${index}/4`);
      const lines = readJsonLines(join(runDir, "samples.jsonl")).length;
      expect(lines).toBeGreaterThan(0);
      sharded += lines;
      expect(readFileSync(join(launchDir, "logs", `task-${index}.out`), "utf8")).toContain(
        `Results: ${runDir}`,
      );
    }
    expect(sharded).toBe(GSM8K_TEST);
    const launchManifest = readJson<{ launcher: string; shards: number; submissions: { tasks: number[] }[] }>(
      join(launchDir, "launch.json"),
    );
    expect(launchManifest).toMatchObject({
      launcher: "slurm",
      shards: 4,
      submissions: [{ tasks: [0, 1, 2, 3] }],
    });
  });
});
