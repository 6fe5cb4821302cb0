// `run` warns when more than 5% of a benchmark's responses ended with finish_reason "length", and not otherwise.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockServerProcess, runCli, startMockServerProcess } from "./support/cli.js";
import { runDirNames } from "./support/run-dir.js";

/** 80 mock tokens inside \boxed{}: cut by --max-tokens 30 in every oracle phrasing; short answers are ≤ 14 tokens. */
const LONG_ANSWER = Array.from({ length: 40 }, () => "1").join(" + ");
/** Rows 0 and 20 have the long answer: `--first 20` cuts 1 of 20 (5%), all 21 rows cut 2 of 21 (9.5%). */
const LONG_ROWS = new Set([0, 20]);

function writeMath500(dataDir: string): void {
  const lines = Array.from({ length: 21 }, (_, index) => {
    const answer = LONG_ROWS.has(index) ? LONG_ANSWER : String(index + 2);
    return JSON.stringify({
      problem: `Length-warning problem ${index}: what is ${index} + 2?`,
      solution: `It is $\\boxed{${answer}}$.`,
      answer,
      unique_id: `test/length/${index}.json`,
    });
  });
  mkdirSync(join(dataDir, "math500"), { recursive: true });
  writeFileSync(join(dataDir, "math500", "test.jsonl"), `${lines.join("\n")}\n`);
}

function finishReasons(outputDir: string): string[] {
  const [runDir = ""] = runDirNames(outputDir);
  return readFileSync(join(outputDir, runDir, "samples.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => (JSON.parse(line) as { finish_reason: string }).finish_reason);
}

describe("the finish_reason length warning of run", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "length-warning-data-"));
  let server: MockServerProcess;
  beforeAll(async () => {
    writeMath500(dataDir);
    server = await startMockServerProcess([
      "--oracle-accuracy",
      "1",
      "--oracle-benchmarks",
      "math_500",
      "--data-dir",
      dataDir,
    ]);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function run(extra: readonly string[]) {
    const outputDir = mkdtempSync(join(tmpdir(), "length-warning-run-"));
    const result = await runCli([
      "run",
      "math_500",
      "--base-url",
      server.url,
      "--data-dir",
      dataDir,
      "--max-tokens",
      "30",
      "--output-dir",
      outputDir,
      ...extra,
    ]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.code).toBe(0);
    return { ...result, reasons: finishReasons(outputDir) };
  }

  it("warns when 2 of 21 responses (9.5%) were cut at --max-tokens", async () => {
    const result = await run([]);
    expect(result.reasons.filter((reason) => reason === "length")).toHaveLength(2);
    expect(result.reasons).toHaveLength(21);
    expect(result.stdout).toContain(
      'warning: 9.5% of math_500 responses (2 of 21) ended with finish_reason "length" (more than 5%)',
    );
  });

  it("does not warn at 1 of 20 (exactly 5%), though the table still notes the cut answer", async () => {
    const result = await run(["--first", "20"]);
    expect(result.reasons.filter((reason) => reason === "length")).toHaveLength(1);
    expect(result.reasons).toHaveLength(20);
    expect(result.stdout).not.toMatch(/warning: .*finish_reason "length"/);
    expect(result.stdout).toMatch(/1 answers hit the token limit/);
  });
});
