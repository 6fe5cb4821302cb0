// End to end with the real data: the full MMLU and GSM8K test sets through the oracle mock server, uninterrupted
// and killed with SIGKILL then resumed; the reported accuracy must equal what the oracle served, exactly.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  hasSharedData,
  type MockServerProcess,
  runCli,
  sharedData,
  spawnCli,
  startMockServerProcess,
  waitForExit,
} from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines, runDirNames } from "./support/run-dir.js";

interface ResultFile {
  accuracy: number;
  num_samples: number;
  num_correct: number;
  accuracy_ci95: [number, number];
  tasks: { task: string; correct: number; total: number }[];
  sample_results: { id: string; correct: boolean }[];
}

const journalLines = (runDir: string) =>
  readJsonLines<{ benchmark: string; id: string; correct: boolean; session: number }>(
    join(runDir, "samples.jsonl"),
  );

describe.skipIf(!hasSharedData)("full MMLU and GSM8K through the oracle mock server", () => {
  let server: MockServerProcess;

  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "mmlu,gsm8k",
      "--data-dir",
      sharedData,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("reports exactly the accuracy the oracle served, requesting each sample once", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-full-"));
    const before = await server.stats();
    const result = await runCli([
      "run",
      "mmlu",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      sharedData,
      "--concurrency",
      "64",
      "--output-dir",
      outputDir,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    const after = await server.stats();
    const runDir = onlyRunDir(outputDir);
    const expected = { mmlu: 14_042, gsm8k: 1_319 };
    for (const [benchmark, total] of Object.entries(expected)) {
      const served = (after.benchmarks[benchmark]?.served ?? 0) - (before.benchmarks[benchmark]?.served ?? 0);
      const correct =
        (after.benchmarks[benchmark]?.correct ?? 0) - (before.benchmarks[benchmark]?.correct ?? 0);
      expect(served).toBe(total);
      const file = readJson<ResultFile>(join(runDir, `${benchmark}.json`));
      expect(file.num_samples).toBe(total);
      expect(file.num_correct).toBe(correct);
      expect(file.accuracy).toBe(correct / total);
      expect(file.accuracy_ci95[0]).toBeLessThan(file.accuracy);
      expect(file.accuracy_ci95[1]).toBeGreaterThan(file.accuracy);
      expect(Math.abs(file.accuracy - 0.7)).toBeLessThan(0.05);
    }
    expect(after.unrecognized - before.unrecognized).toBe(0);
    const lines = journalLines(runDir);
    expect(lines).toHaveLength(14_042 + 1_319);
    expect(new Set(lines.map((line) => `${line.benchmark}/${line.id}`)).size).toBe(lines.length);
    const mmlu = readJson<ResultFile>(join(runDir, "mmlu.json"));
    expect(mmlu.tasks).toHaveLength(57);
    expect(mmlu.tasks.reduce((sum, task) => sum + task.total, 0)).toBe(14_042);
    const csv = readFileSync(join(runDir, "accuracy_results.csv"), "utf8").trim().split("\n");
    expect(csv[0]).toBe("Task,Correct,Total,Accuracy");
    expect(csv).toContain(`mmlu/OVERALL,${mmlu.num_correct},14042,${mmlu.accuracy.toFixed(4)}`);
    expect(result.stdout).toMatch(/OVERALL\s+\d+\s+14042/);
    expect(result.stdout).toMatch(/MACRO AVG/);
    const manifest = readJson<{ status: string; config: Record<string, unknown> }>(join(runDir, "run.json"));
    expect(manifest.status).toBe("completed");
  });

  it("after SIGKILL part way, --resume requests only what is missing and ends with the same results", async () => {
    const uninterruptedDir = mkdtempSync(join(tmpdir(), "e2e-ref-"));
    const reference = await runCli([
      "run",
      "mmlu",
      "gsm8k",
      "--base-url",
      server.url,
      "--data-dir",
      sharedData,
      "--concurrency",
      "64",
      "--output-dir",
      uninterruptedDir,
    ]);
    expect(reference.code).toBe(0);
    const referenceDir = onlyRunDir(uninterruptedDir);

    // A slower server, so the kill lands part way through.
    const slow = await startMockServerProcess([
      "--oracle-accuracy",
      "0.7",
      "--oracle-benchmarks",
      "mmlu,gsm8k",
      "--data-dir",
      sharedData,
      "--ttft-ms",
      "15",
    ]);
    try {
      const outputDir = mkdtempSync(join(tmpdir(), "e2e-resume-"));
      const child = spawnCli([
        "run",
        "mmlu",
        "gsm8k",
        "--base-url",
        slow.url,
        "--data-dir",
        sharedData,
        "--concurrency",
        "64",
        "--output-dir",
        outputDir,
      ]);
      let runDir = "";
      for (let waited = 0; waited < 60_000; waited += 50) {
        await sleep(50);
        const entries = runDirNames(outputDir);
        if (entries[0] === undefined) continue;
        runDir = join(outputDir, entries[0]);
        const journal = join(runDir, "samples.jsonl");
        if (existsSync(journal) && readFileSync(journal, "utf8").split("\n").length > 4_000) break;
      }
      child.kill("SIGKILL");
      expect((await waitForExit(child)).signal).toBe("SIGKILL");
      const beforeResume = journalLines(runDir);
      expect(beforeResume.length).toBeGreaterThan(4_000);
      expect(beforeResume.length).toBeLessThan(15_361);
      const servedBefore = await slow.stats();

      const resumed = await runCli(["run", "--resume", runDir, "--base-url", slow.url]);
      expect(resumed.stderr).not.toMatch(/internal error/);
      expect(resumed.code).toBe(0);
      const servedAfter = await slow.stats();
      const servedByResume =
        (servedAfter.benchmarks["mmlu"]?.served ?? 0) +
        (servedAfter.benchmarks["gsm8k"]?.served ?? 0) -
        (servedBefore.benchmarks["mmlu"]?.served ?? 0) -
        (servedBefore.benchmarks["gsm8k"]?.served ?? 0);
      // The resume asks exactly for the samples the killed run had not journaled.
      expect(servedByResume).toBe(15_361 - beforeResume.length);

      const lines = journalLines(runDir);
      expect(lines).toHaveLength(15_361);
      expect(new Set(lines.map((line) => `${line.benchmark}/${line.id}`)).size).toBe(15_361);
      expect(new Set(lines.map((line) => line.session))).toEqual(new Set([0, 1]));
      for (const benchmark of ["mmlu", "gsm8k"]) {
        const final = readJson<ResultFile>(join(runDir, `${benchmark}.json`));
        const expected = readJson<ResultFile>(join(referenceDir, `${benchmark}.json`));
        expect(final.accuracy).toBe(expected.accuracy);
        expect(final.tasks).toEqual(expected.tasks);
        const verdicts = (file: ResultFile) =>
          new Map(file.sample_results.map((sample) => [sample.id, sample.correct]));
        expect(verdicts(final)).toEqual(verdicts(expected));
      }
      const manifest = readJson<{ status: string; sessions: unknown[] }>(join(runDir, "run.json"));
      expect(manifest.status).toBe("completed");
      expect(manifest.sessions).toHaveLength(2);
    } finally {
      await slow.stop();
    }
  });
});
