// `llm-bench report` and `--html` at the command line: where pages go, and every bad input a clear message with
// exit 2 (no stack trace), while a page that cannot be written after a run only warns (the results are saved).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { hasSharedData, runAgainstOracle, runCli, sharedData } from "./support/cli.js";

describe.skipIf(!hasSharedData)("llm-bench report at the command line", () => {
  let runDir: string;
  let scratch: string;

  beforeAll(async () => {
    runDir = await runAgainstOracle({
      // GSM8K: its oracle server loads in a fraction of MMLU's time.
      benchmarks: ["gsm8k"],
      dataDir: sharedData,
      accuracy: "0.6",
      runArgs: ["--limit", "8", "-q"],
    });
    scratch = mkdtempSync(join(tmpdir(), "report-cli-"));
  }, 120_000);

  const expectUsageError = (result: { code: number | null; stderr: string }, message: RegExp) => {
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  };

  it("writes RUN_DIR/report.html by default and says where", async () => {
    const result = await runCli(["report", runDir]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Report (run, ${(readFileSync(join(runDir, "report.html")).length / 1024).toFixed(1)} kB): ${join(runDir, "report.html")}\n`,
    );
  });

  it("compare --html writes ./comparison-report.html beside the comparison table", async () => {
    const cwd = join(scratch, "compare");
    mkdirSync(cwd);
    const result = await runCli(["compare", runDir, runDir, "--html"], { cwd });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Report: ${join(cwd, "comparison-report.html")}\n`);
    expect(readFileSync(join(cwd, "comparison-report.html"), "utf8")).toContain('data-kind="comparison"');
  });

  it("refuses no directory, a missing one, and one that is not a run directory", async () => {
    expectUsageError(await runCli(["report"]), /Usage: llm-bench report RUN_DIR\.\.\./);
    expectUsageError(
      await runCli(["report", join(scratch, "nope")]),
      /nope: no such directory\. Give a run or profile directory\./,
    );
    const empty = join(scratch, "empty");
    mkdirSync(empty);
    expectUsageError(await runCli(["report", empty]), /empty is not a run directory \(no run\.json\)/);
  });

  it("refuses a profile directory among the runs of a comparison", async () => {
    const profile = join(scratch, "profile");
    mkdirSync(profile);
    writeFileSync(join(profile, "run.json"), "{}");
    writeFileSync(join(profile, "profile_summary.json"), "{}");
    expectUsageError(
      await runCli(["report", runDir, profile]),
      /profile is a profile: a comparison report is of runs\./,
    );
  });

  it("says which file is broken when a run directory's files are", async () => {
    const broken = join(scratch, "broken");
    mkdirSync(broken);
    writeFileSync(join(broken, "run.json"), "{ not json");
    const result = await runCli(["report", broken]);
    expectUsageError(result, /run\.json/);
  });

  it("says where it cannot write", async () => {
    const output = join(scratch, "missing-dir", "page.html");
    expectUsageError(
      await runCli(["report", runDir, "-o", output]),
      new RegExp(`cannot write the report to ${output}`),
    );
    expect(existsSync(output)).toBe(false);
  });
});
