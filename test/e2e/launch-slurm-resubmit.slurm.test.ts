// `llm-bench launch slurm` when a task dies (its process killed with SIGKILL on the real Slurm cluster): the launch
// reports that task with its log and the command that submits it alone; that command resumes the shard's run,
// asks only what the killed task had not journaled, and merges every sample once.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type MockServerProcess,
  runCli,
  sharedData,
  spawnCli,
  startMockServerProcess,
  waitForExit,
} from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines } from "./support/run-dir.js";
import { testSlurmConf } from "./support/slurm.js";

const SAMPLES = 120;

/** The pid of the process whose command line holds `needle` (the task's llm-bench: the job script execs it). */
function pidWithArgument(needle: string): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const words = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (words.includes(needle) && words.some((word) => word.endsWith("main.js"))) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

const journalLength = (path: string): number =>
  existsSync(path)
    ? readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => line !== "").length
    : 0;

describe("launch slurm: a failed task re-submitted alone", () => {
  let server: MockServerProcess;
  let slurmConf: string;

  beforeAll(async () => {
    slurmConf = testSlurmConf();
    // Slow answers (~150 ms each, 2 at a time): a shard of ~60 samples takes seconds, so the kill lands part way.
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "gsm8k",
      "--data-dir",
      sharedData,
      "--ttft-ms",
      "150",
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reports the killed task with its log, and --resubmit --task resumes it and merges", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-slurm-fail-"));
    const env = { SLURM_CONF: slurmConf };
    const launch = spawnCli(
      [
        "launch",
        "slurm",
        "--shards",
        "2",
        "--output-dir",
        outputDir,
        "--poll-interval",
        "0.3",
        "--",
        "run",
        "gsm8k",
        "--limit",
        String(SAMPLES),
        "--base-url",
        server.url,
        "--data-dir",
        sharedData,
        "--concurrency",
        "2",
      ],
      { env },
    );
    // Wait for task 1 to journal a few samples, then kill its process as a node failure would.
    let launchDir = "";
    let killed = false;
    for (let waited = 0; waited < 120_000 && !killed; waited += 100) {
      await sleep(100);
      const name = existsSync(outputDir)
        ? readdirSync(outputDir).find((entry) => entry.startsWith("launch-"))
        : undefined;
      if (name === undefined) continue;
      launchDir = join(outputDir, name);
      const shardDir = join(launchDir, "shard-1");
      const runName = existsSync(shardDir) ? readdirSync(shardDir)[0] : undefined;
      if (runName === undefined || journalLength(join(shardDir, runName, "samples.jsonl")) < 5) continue;
      const pid = pidWithArgument(shardDir);
      if (pid === undefined) continue;
      process.kill(pid, "SIGKILL");
      killed = true;
    }
    expect(killed, `task 1 never journaled 5 samples:\n${launch.output.stderr}`).toBe(true);
    const exit = await waitForExit(launch);
    const { stderr } = launch.output;
    expect(stderr).not.toMatch(/internal error/);
    expect(exit.code, stderr).toBe(1);
    expect(stderr).toMatch(/Task 1: FAILED[^\n]*, killed by signal 9; its shard did not complete/);
    expect(stderr).toContain(join(launchDir, "logs", "task-1.err"));
    expect(stderr).not.toMatch(/Task 0:/);
    const command = /\n {2}(llm-bench launch slurm --resubmit \S+ --task 1)\n/.exec(stderr)?.[1];
    expect(command, stderr).toBe(`llm-bench launch slurm --resubmit ${launchDir} --task 1`);

    const shard1 = onlyRunDir(join(launchDir, "shard-1"));
    const journaledBefore = journalLength(join(shard1, "samples.jsonl"));
    const shard0Lines = journalLength(join(onlyRunDir(join(launchDir, "shard-0")), "samples.jsonl"));
    expect(journaledBefore + shard0Lines).toBeLessThan(SAMPLES);
    const before = await server.stats();

    const resubmitted = await runCli(
      ["launch", "slurm", "--resubmit", launchDir, "--task", "1", "--poll-interval", "0.3"],
      { env },
    );
    expect(resubmitted.stderr).not.toMatch(/internal error/);
    expect(resubmitted.code, resubmitted.stderr).toBe(0);
    expect(resubmitted.stderr).toMatch(/Submitted slurm job \d+ \(tasks 1\)/);
    const after = await server.stats();
    // Only the samples the killed task had not journaled were asked again; shard 0 was not run again.
    const asked = (after.benchmarks["gsm8k"]?.served ?? 0) - (before.benchmarks["gsm8k"]?.served ?? 0);
    expect(asked).toBe(SAMPLES - shard0Lines - journaledBefore);
    expect(readFileSync(join(launchDir, "logs", "task-1.err"), "utf8")).toContain(
      `shard 1: resuming ${shard1}`,
    );
    const manifest = readJson<{ sessions: unknown[]; status: string }>(join(shard1, "run.json"));
    expect(manifest.status).toBe("completed");
    expect(manifest.sessions).toHaveLength(2);

    const mergedDir = join(launchDir, "merged");
    expect(resubmitted.stdout).toContain(`Results: ${mergedDir}`);
    const journal = readJsonLines<{ id: string; correct: boolean }>(join(mergedDir, "samples.jsonl"));
    expect(journal).toHaveLength(SAMPLES);
    expect(new Set(journal.map((line) => line.id)).size).toBe(SAMPLES);
    const merged = readJson<{ num_samples: number; num_correct: number }>(join(mergedDir, "gsm8k.json"));
    expect(merged.num_samples).toBe(SAMPLES);
    expect(merged.num_correct).toBe(journal.filter((line) => line.correct).length);
    const launchManifest = readJson<{ submissions: { tasks: number[] }[] }>(join(launchDir, "launch.json"));
    expect(launchManifest.submissions.map((submission) => submission.tasks)).toEqual([[0, 1], [1]]);
  });
});
