// End to end: the server dies part way through a run. The client stops sending after a run of failed connects,
// keeps what finished, reports the accuracy over the graded samples only, marks the run incomplete with the exact
// --resume command, compare and gate refuse it unless told --allow-incomplete, and --resume completes it.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  hasSharedData,
  runCli,
  sharedData,
  spawnCli,
  startMockServerProcess,
  waitForExit,
} from "./support/cli.js";
import { onlyRunDir, readJson, readJsonLines, waitForJournalLines } from "./support/run-dir.js";

const oracleArgs = ["--oracle-accuracy", "0.7", "--oracle-benchmarks", "gsm8k", "--data-dir", sharedData];

describe.skipIf(!hasSharedData)("a server that dies during a run", () => {
  it("stops sending, keeps what finished, and --resume completes the run", async () => {
    const outputDir = mkdtempSync(join(tmpdir(), "e2e-gone-"));
    const dying = await startMockServerProcess(["--ttft-ms", "50", ...oracleArgs]);
    const child = spawnCli([
      "run",
      "gsm8k",
      "--base-url",
      dying.url,
      "--data-dir",
      sharedData,
      "--output-dir",
      outputDir,
      "--concurrency",
      "4",
      "--max-retries",
      "0",
      "--max-consecutive-failures",
      "6",
    ]);
    await waitForJournalLines(outputDir, 40);
    await dying.stop();
    const exit = await waitForExit(child);
    expect(child.output.stderr).not.toMatch(/internal error/);
    expect(exit.code).toBe(1);
    const runDir = onlyRunDir(outputDir);
    expect(child.output.stderr).toMatch(
      /The server stopped answering: \d+ samples in a row could not connect/,
    );
    expect(child.output.stderr).toMatch(
      /connection_refused ×\d+ — e\.g\. Connection failed for POST \/v1\/chat\/completions: connect ECONNREFUSED/,
    );
    expect(child.output.stderr).toContain(`Continue with: llm-bench run --resume ${runDir}`);

    const records = readJsonLines<{ status: string; correct: boolean }>(join(runDir, "samples.jsonl"));
    const graded = records.filter((record) => record.status === "ok");
    const failed = records.length - graded.length;
    expect(graded.length).toBeGreaterThan(30);
    expect(failed).toBeGreaterThanOrEqual(6);
    // It stopped sending: most of the 1,319 samples were never asked.
    expect(records.length).toBeLessThan(1319 / 2);
    const partial = readJson<{
      accuracy: number;
      num_samples: number;
      num_errors: number;
      is_complete: boolean;
    }>(join(runDir, "gsm8k.json"));
    expect(partial).toMatchObject({ num_samples: graded.length, num_errors: failed, is_complete: false });
    // The headline accuracy is over the graded samples: failures are not wrong answers.
    expect(partial.accuracy).toBe(graded.filter((record) => record.correct).length / graded.length);
    expect(readJson<{ status: string }>(join(runDir, "run.json")).status).toBe("incomplete");

    // compare and gate refuse an incomplete run unless told.
    const refusedCompare = await runCli(["compare", runDir, runDir]);
    expect(refusedCompare.code).toBe(2);
    expect(refusedCompare.stderr).toMatch(/is incomplete .*--allow-incomplete/);
    const references = mkdtempSync(join(tmpdir(), "e2e-gone-refs-"));
    writeFileSync(join(references, "gsm8k.yaml"), "mock-model:\n  - accuracy: 50.0\n");
    const refusedGate = await runCli(["gate", runDir, "--references", references]);
    expect(refusedGate.code).toBe(2);
    expect(refusedGate.stderr).toMatch(/is incomplete .*llm-bench run --resume .*--allow-incomplete/);
    const allowed = await runCli([
      "gate",
      runDir,
      "--references",
      references,
      "--allow-incomplete",
      "--json",
    ]);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toMatch(/warning: gsm8k is incomplete/);

    const revived = await startMockServerProcess(oracleArgs);
    try {
      const resumed = await runCli(["run", "--resume", runDir, "--base-url", revived.url]);
      expect(resumed.stderr).not.toMatch(/internal error/);
      expect(resumed.code).toBe(0);
      const stats = await revived.stats();
      expect(stats.benchmarks["gsm8k"]?.served).toBe(1319 - graded.length);
      const done = readJson<{ num_samples: number; num_errors: number; is_complete: boolean }>(
        join(runDir, "gsm8k.json"),
      );
      expect(done).toMatchObject({ num_samples: 1319, num_errors: 0, is_complete: true });
      expect(readJson<{ status: string }>(join(runDir, "run.json")).status).toBe("completed");
      expect((await runCli(["compare", runDir, runDir])).code).toBe(0);
    } finally {
      await revived.stop();
    }
  }, 180_000);
});
