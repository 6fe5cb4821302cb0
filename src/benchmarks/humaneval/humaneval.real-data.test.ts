// HumanEval on the real data (../shared/data/humaneval, skipped without it) through the real sandbox: all 164
// canonical solutions pass and each with its first line of code broken fails; human-eval's example samples give its
// published example pass@1 (its README of openai/human-eval@6d43fb980f9fee3c892a914eda09951f772ad10d prints
// `{'pass@1': 0.4999999999999999}` for data/example_samples.jsonl).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarizePassAtK } from "../../results/summarize-pass-at-k.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { createSandbox, findExecutable } from "../../sandbox/create-sandbox.js";
import type { CodeSandbox } from "../../sandbox/types.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import type { BenchmarkSample, Recipe } from "../types.js";
import { breakFirstCodeLine } from "./humaneval-oracle.js";
import { humaneval } from "./index.js";

const dataDir = sharedDataDir("humaneval/HumanEval.jsonl");
if (dataDir === undefined) printSkipReason("humaneval real-data tests");
const hasBwrap = findExecutable("bwrap", process.env) !== undefined;
if (!hasBwrap) process.stdout.write("humaneval real-data tests: bwrap is not installed\n");

/** A data dir whose humaneval/test.jsonl is `file` of the shared data (linked, not copied). */
function linkedDataDir(file: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "humaneval-data-"));
  mkdirSync(path.join(dir, "humaneval"));
  symlinkSync(path.join(dataDir ?? "", "humaneval", file), path.join(dir, "humaneval", "test.jsonl"));
  return dir;
}

const recipe = (name: string): Recipe => {
  const found = humaneval.recipes.find((each) => each.name === name);
  if (found === undefined) throw new Error(`no recipe ${name}`);
  return found;
};

describe.skipIf(dataDir === undefined || !hasBwrap)("humaneval on the shared data, in the sandbox", () => {
  let sandbox: CodeSandbox;
  const dirs: string[] = [];
  beforeAll(async () => {
    sandbox = await createSandbox({ workers: 2 });
  });
  afterAll(async () => {
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  async function grade(recipeName: string, sample: BenchmarkSample, response: string) {
    const { grader } = recipe(recipeName);
    if (typeof grader === "string") throw new Error("humaneval's recipes are scorers");
    return scoreAnswer(grader, {
      sample,
      response,
      reasoning: "",
      finishReason: "stop",
      prompt: undefined,
      sandbox,
    });
  }

  it("passes all 164 canonical solutions and fails each with its first line of code broken (human-eval recipe)", async () => {
    const dir = linkedDataDir("HumanEval.jsonl");
    dirs.push(dir);
    const loaded = await humaneval.load({
      context: createLocalDatasetContext(dir),
      recipe: recipe("openai"),
      nShots: 0,
    });
    expect(loaded.samples).toHaveLength(164);
    const failures: string[] = [];
    await Promise.all(
      loaded.samples.map(async (sample) => {
        const body = sample.gold;
        const right = await grade("openai", sample, body);
        const wrong = await grade("openai", sample, breakFirstCodeLine(body));
        if (!right.grade.isCorrect) failures.push(`${sample.id} canonical: ${right.grade.reason}`);
        if (wrong.grade.isCorrect) failures.push(`${sample.id} broken passed`);
        else if (!wrong.grade.reason.startsWith("failed: "))
          failures.push(`${sample.id} broken: ${wrong.grade.reason}`);
      }),
    );
    expect(failures).toEqual([]);
  }, 240_000);

  it("reproduces human-eval's example: 3 of its 6 example samples pass, pass@1 0.5", async () => {
    const dir = linkedDataDir("example_problem.jsonl");
    dirs.push(dir);
    const loaded = await humaneval.load({
      context: createLocalDatasetContext(dir),
      recipe: recipe("openai"),
      nShots: 0,
    });
    const [problem] = loaded.samples;
    if (problem === undefined) throw new Error("no example problem");
    const samples = readFileSync(path.join(dataDir ?? "", "humaneval", "example_samples.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { task_id: string; completion: string });
    const results = await Promise.all(samples.map((each) => grade("openai", problem, each.completion)));
    // human-eval: rm -rf through subprocess fails, sleep(10) times out at 3 s, input() fails, the three returns pass.
    expect(results.map((result) => result.grade.reason.replace(/^failed: .*/, "failed"))).toEqual([
      "failed",
      "timed out",
      "failed",
      "passed",
      "passed",
      "passed",
    ]);
    const summary = summarizePassAtK(
      results.map((result) => ({ problem: "test/0", isCorrect: result.grade.isCorrect })),
      6,
    );
    // The very float human-eval prints ({'pass@1': 0.4999999999999999}): the same estimator, the same rounding.
    expect(summary.overall.map((estimate) => [estimate.k, estimate.mean])).toEqual([[1, 0.4999999999999999]]);
  }, 60_000);
});
