// lcb_codegeneration through the built CLI: against the oracle mock server (its programs executed in the real
// sandbox) the accuracy is exactly the oracle's; the release is pinned, overridable and recorded; a date window keeps
// LiveCodeBench's problems; hand-written programs graded with `grade` fail for the right reason, in samples.jsonl.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findExecutable } from "../../src/sandbox/create-sandbox.js";
import {
  journalOf,
  type MockServerProcess,
  repoRoot,
  runCli,
  runDirOf,
  startMockServerProcess,
} from "./support/cli.js";

const fixtures = join(repoRoot, "src/benchmarks/lcb_codegeneration/fixtures");
const hasBwrap = findExecutable("bwrap", process.env) !== undefined;
if (!hasBwrap)
  process.stdout.write("lcb CLI tests: bwrap is not installed (scripts/install-test-engines.sh)\n");

interface Journal {
  id: string;
  correct: boolean;
  grade_reason: string;
}

describe.skipIf(!hasBwrap)("lcb_codegeneration on the command line", () => {
  let server: MockServerProcess;
  const out = mkdtempSync(join(tmpdir(), "lcb-cli-"));
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-benchmarks",
      "lcb_codegeneration",
      "--oracle-accuracy",
      "0.5",
      "--oracle-seed",
      "4",
      "--data-dir",
      fixtures,
    ]);
  });
  afterAll(async () => {
    await server.stop();
  });

  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    runCli(
      [
        "run",
        "lcb_codegeneration",
        "--base-url",
        server.url,
        "--model",
        "mock-model",
        "--data-dir",
        fixtures,
        "--output-dir",
        out,
        ...args,
      ],
      { env },
    );

  it("reports exactly the oracle's accuracy on the default release (v4_v5: both files), and records the release", async () => {
    const before = (await server.stats()).benchmarks["lcb_codegeneration"]?.correct ?? 0;
    const result = await run([]);
    expect(result.code).toBe(0);
    const after = await server.stats();
    const records = journalOf<Journal>(runDirOf(result.stdout));
    expect(records.map((record) => record.id).sort()).toEqual(["1900B", "9001", "abc900_a"]);
    expect(records.filter((record) => record.correct)).toHaveLength(
      (after.benchmarks["lcb_codegeneration"]?.correct ?? 0) - before,
    );
    expect(after.unrecognized).toBe(0);
    for (const record of records) {
      expect(record.grade_reason).toMatch(
        record.correct ? /^passed \(\d\/\d tests\)$/ : /^wrong answer \(error_code -2\)/,
      );
    }
    const manifest = JSON.parse(readFileSync(join(runDirOf(result.stdout), "run.json"), "utf8")) as {
      benchmarks: { dataset: string }[];
    };
    expect(manifest.benchmarks[0]?.dataset).toBe(
      "hf://livecodebench/code_generation_lite release v4_v5 (test4.jsonl, test5.jsonl)",
    );
  }, 120_000);

  it("takes the release from LLM_BENCH_LCB_RELEASE (or aiperf's variable) and refuses an unknown one with the list", async () => {
    const v5 = await run([], { LLM_BENCH_LCB_RELEASE: "v5" });
    expect(v5.code).toBe(0);
    expect(journalOf<Journal>(runDirOf(v5.stdout)).map((record) => record.id)).toEqual(["1900B"]);
    const aiperf = await run([], { AIPERF_ACCURACY_LCB_RELEASE_TAG: "v4" });
    expect(
      journalOf<Journal>(runDirOf(aiperf.stdout))
        .map((record) => record.id)
        .sort(),
    ).toEqual(["9001", "abc900_a"]);
    const unknown = await run([], { LLM_BENCH_LCB_RELEASE: "v9" });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /LLM_BENCH_LCB_RELEASE: Unknown LiveCodeBench release "v9"\. Available: release_v1,/,
    );
    expect(unknown.stderr).not.toMatch(/at .+\.js:\d+/);
  }, 120_000);

  it("keeps a contest-date window as LiveCodeBench does (the end date's own contests after 00:00 are out)", async () => {
    const from = await run(["--lcb-start-date", "2024-05-01"]);
    expect(
      journalOf<Journal>(runDirOf(from.stdout))
        .map((record) => record.id)
        .sort(),
    ).toEqual(["1900B", "9001"]);
    const until = await run(["--lcb-end-date", "2024-05-05"]);
    expect(journalOf<Journal>(runDirOf(until.stdout)).map((record) => record.id)).toEqual(["abc900_a"]);
    const other = await runCli(["run", "gsm8k", "--base-url", server.url, "--lcb-start-date", "2024-01-01"]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/gsm8k has no dates/);
  }, 120_000);

  it("grades hand-written programs: right ones pass; wrong answer, time limit, runtime and compile errors fail as such", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lcb-grade-"));
    const fence = (code: string) => `Here it is:\n\`\`\`python\n${code}\n\`\`\``;
    const rounds: { responses: Record<string, string>; expected: Record<string, RegExp> }[] = [
      {
        responses: {
          abc900_a: fence("a, b = map(int, input().split())\nprint(a - b)"),
          "9001": fence(
            "class Solution:\n    def pairWithSum(self, nums, target):\n        raise ValueError('boom')",
          ),
          "1900B": fence("print(' '.join(reversed(input().split())))"),
        },
        expected: {
          abc900_a: /^wrong answer \(error_code -2\), 0\/3 tests passed/,
          "9001": /^runtime error \(error_code -4\), 0\/3 tests passed/,
          "1900B": /^passed \(3\/3 tests\)$/,
        },
      },
      {
        responses: {
          abc900_a: fence("while True:\n    pass"),
          "9001": fence("class Solution:\n    def pairWithSum(self, nums, target)\n        return [0, 1]"),
          "1900B": "no code block at all",
        },
        expected: {
          abc900_a: /^time limit \(error_code -3\), 0\/3 tests passed/,
          "9001": /^compile error \(error_code -4\), 0\/3 tests passed/,
          "1900B": /^no code: the answer has no fenced block/,
        },
      },
      {
        responses: {
          abc900_a: fence("import sys\na, b = map(int, sys.stdin.read().split())\nprint(a + b)"),
          "9001": fence(
            "class Solution:\n    def pairWithSum(self, nums, target):\n        seen = {}\n        for i, n in enumerate(nums):\n            if target - n in seen:\n                return [seen[target - n], i]\n            seen[n] = i",
          ),
          "1900B": fence("print(input())"),
        },
        expected: {
          abc900_a: /^passed \(3\/3 tests\)$/,
          "9001": /^passed \(3\/3 tests\)$/,
          "1900B":
            /^wrong answer \(error_code -2\), 0\/3 tests passed: Wrong answer at output_line_idx=0: a b c != c b a$/,
        },
      },
    ];
    for (const [index, round] of rounds.entries()) {
      const file = join(dir, `responses-${index}.jsonl`);
      writeFileSync(
        file,
        Object.entries(round.responses)
          .map(([id, response]) => JSON.stringify({ id, response }))
          .join("\n"),
      );
      const graded = await runCli([
        "grade",
        "lcb_codegeneration",
        "--responses",
        file,
        "--data-dir",
        fixtures,
        "--output-dir",
        join(dir, `out-${index}`),
      ]);
      expect(graded.code).toBe(0);
      const records = journalOf<Journal>(runDirOf(graded.stdout));
      for (const [id, pattern] of Object.entries(round.expected)) {
        expect({ id, reason: records.find((record) => record.id === id)?.grade_reason }).toEqual({
          id,
          reason: expect.stringMatching(pattern),
        });
      }
    }
  }, 180_000);
});
