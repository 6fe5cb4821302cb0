// Issue 22, crashes: SIGKILL at seeded random moments of a run (start-up, part way, journal complete, result writes)
// with --resume after each; a shard merge killed part way; a full disk and a read-only output directory part way.
// The scenarios live in support/ so `npm run bench:reliability` prints the same figures.
import { beforeAll, describe, expect, it } from "vitest";
import { cliPath, hasGsm8k, runCli } from "./support/crash-harness.js";
import {
  mountUnsupportedReason,
  runFullDiskScenario,
  runReadOnlyScenario,
} from "./support/disk-scenarios.js";
import { runKillScenario, runMergeKillScenario } from "./support/kill-scenario.js";

if (!hasGsm8k) console.log("[crashes] GSM8K not found in the shared data: the crash scenarios are skipped.");
const mountReason = process.platform === "linux" ? mountUnsupportedReason() : "not Linux";
if (mountReason !== undefined) console.log(`[crashes] disk scenarios skipped: ${mountReason}`);

beforeAll(async () => {
  // The built CLI is what users run and what the scenarios kill.
  expect((await runCli(["--version"])).code, `${cliPath} must be built`).toBe(0);
});

describe.skipIf(!hasGsm8k)("kill -9 and --resume", () => {
  it("survives 20 kills (start-up, part way, torn lines, journal complete, result writes) with the uninterrupted results", async () => {
    const result = await runKillScenario({
      seed: 22,
      kills: 20,
      log: (line) => console.log(`[crashes] ${line}`),
    });
    expect(result.kills).toHaveLength(20);
    expect(result.kills.filter((kill) => kill.wasKilled).length).toBeGreaterThanOrEqual(19);
    expect(result.kills.filter((kill) => kill.moment === "result-write" && kill.wasKilled)).toHaveLength(2);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.finalCode).toBe(0);
    // Every JSON file present after each kill parses: result files are written atomically.
    expect(result.kills.flatMap((kill) => kill.unparsable)).toEqual([]);
    // Each torn last line was reported and dropped, and the journal reads whole (a bad line would throw).
    const torn = result.kills.filter((kill) => kill.hasTornLine).length;
    expect(torn).toBeGreaterThan(0);
    expect(result.tornLinesReported).toBe(torn);
    expect(result.journal).toEqual({ lines: result.samples, unique: result.samples, duplicates: [] });
    // No sample re-sent beyond those in flight at a kill (and the samples whose lines were torn).
    // (Counted as they come: a request in flight at one kill may reach the oracle's tally during the next session.)
    let beyond = 0;
    let allowed = 0;
    for (const kill of result.kills) {
      beyond += kill.requestsBeyondJournalled;
      allowed += kill.wasKilled ? result.concurrency : 0;
      expect(beyond).toBeLessThanOrEqual(allowed);
      if (kill.hasTornLine) allowed++;
    }
    expect(result.requestsServed - result.samples).toBeLessThanOrEqual(
      result.kills.filter((kill) => kill.wasKilled).length * result.concurrency + torn,
    );
    expect(result.final).toEqual(result.reference);
  });

  it("a merge of 3 shards killed part way, merged again, equals the unsharded run", async () => {
    const result = await runMergeKillScenario({ log: (line) => console.log(`[crashes] ${line}`) });
    expect(result.wasKilledPartWay).toBe(true);
    expect(result.outputExistedAfterKill).toBe(false);
    expect(result.unparsableAfterKill).toEqual([]);
    expect(result.mergeAgainCode).toBe(0);
    expect(result.merged).toEqual(result.unsharded);
  });
});

describe.skipIf(!hasGsm8k || mountReason !== undefined)(
  "a full disk and a read-only output directory",
  () => {
    const resumeAdvice = (runDir: string) =>
      new RegExp(
        `, then continue with: llm-bench run --resume ${runDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\n$`,
      );

    it("the disk fills part way: the journal's write fails, exit 1 with the fix; freed, --resume completes", async () => {
      const result = await runFullDiskScenario("journal");
      const { failure } = result;
      expect(failure.code).toBe(1);
      expect(failure.stderr).toMatch(
        /^error: cannot write \S+\/samples\.jsonl: no space left on the device \(ENOSPC\)\. Free some space on the disk of /,
      );
      expect(failure.stderr).toMatch(resumeAdvice(result.runDir));
      expect(failure.journalLines).toBeGreaterThanOrEqual(100);
      expect(failure.journalLines).toBeLessThan(300);
      expect(failure.journalEndsWhole).toBe(true);
      expect(failure.unparsable).toEqual([]);
      expect(result.resumeCode).toBe(0);
      expect(result.journal).toEqual({ lines: 300, unique: 300, duplicates: [] });
      expect(result.final).toEqual(result.reference);
    });

    it("the disk fills before the result files: none is half written; freed, --resume writes them", async () => {
      const result = await runFullDiskScenario("results");
      const { failure } = result;
      expect(failure.code).toBe(1);
      expect(failure.stderr).toMatch(/^error: cannot write \S+: no space left on the device \(ENOSPC\)/);
      expect(failure.stderr).toMatch(resumeAdvice(result.runDir));
      expect(failure.journalLines).toBe(300);
      expect(failure.unparsable).toEqual([]);
      expect(result.resumeCode).toBe(0);
      expect(result.journal).toEqual({ lines: 300, unique: 300, duplicates: [] });
      expect(result.final).toEqual(result.reference);
    });

    it("the output directory turns read-only: --resume says so (exit 1) and changes nothing; read-write, it completes", async () => {
      const result = await runReadOnlyScenario();
      const { failure } = result;
      expect(failure.code).toBe(1);
      expect(failure.stderr).toMatch(
        /^error: cannot write \S+\/run\.json: the file system is read-only \(EROFS\)\. Make \S+ writable/,
      );
      expect(failure.stderr).toMatch(resumeAdvice(result.runDir));
      expect(failure.journalEndsWhole).toBe(true);
      expect(failure.unparsable).toEqual([]);
      expect(result.resumeCode).toBe(0);
      expect(result.journal).toEqual({ lines: 300, unique: 300, duplicates: [] });
      expect(result.final).toEqual(result.reference);
    });
  },
);
