// BBH on the shared data (skipped when absent): counts, grader vs the reference run (golden prompts: bigbench-recipes.real-data.test.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exactMatch } from "../../graders/exact-match.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { BBH_TASKS } from "./bbh-tasks.js";
import { bigbench } from "./index.js";

const dataDir = sharedDataDir("bbh/bbh/snarks.json");
if (dataDir === undefined) printSkipReason("bigbench real-data tests");

function readJsonl(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe.skipIf(dataDir === undefined)("bigbench on the shared data", () => {
  const context = () => createLocalDatasetContext(dataDir);

  it("loads 6,511 samples in 27 tasks", async () => {
    const loaded = await bigbench.load({ context: context(), nShots: 3 });
    expect(loaded.samples).toHaveLength(6_511);
    expect(new Set(loaded.samples.map((sample) => sample.task))).toEqual(new Set(BBH_TASKS));
  });

  it("accepts every gold answer, bare and in the CoT phrasing", async () => {
    const loaded = await bigbench.load({ context: context(), nShots: 0 });
    let accepted = 0;
    for (const sample of loaded.samples) {
      const bare = exactMatch({ response: sample.gold, gold: sample.gold }).isCorrect;
      const cot = exactMatch({
        response: `Step one.\nSo the answer is ${sample.gold}.`,
        gold: sample.gold,
      }).isCorrect;
      if (bare && cot) accepted++;
    }
    process.stderr.write(`bigbench: exact_match accepts ${accepted}/${loaded.samples.length} gold answers\n`);
    expect(accepted).toBe(loaded.samples.length);
  });

  it("reproduces the per-task accuracy of the reference code-davinci-002 run, CoT and direct", () => {
    const dir = path.join(dataDir ?? "", "bbh/reference_code-davinci-002");
    for (const kind of ["cot", "direct"]) {
      const counts = new Map<string, { correct: number; total: number }>();
      for (const row of readJsonl(path.join(dir, `${kind}_predictions.jsonl`))) {
        const grade = exactMatch({ response: String(row["prediction"]), gold: String(row["target"]) });
        const entry = counts.get(String(row["task"])) ?? { correct: 0, total: 0 };
        entry.total++;
        if (grade.isCorrect) entry.correct++;
        counts.set(String(row["task"]), entry);
      }
      const metrics = readJsonl(path.join(dir, `${kind}_eval_metrics.jsonl`));
      expect(metrics).toHaveLength(27);
      for (const metric of metrics) {
        const entry = counts.get(String(metric["task"]));
        expect([metric["task"], ((entry?.correct ?? 0) * 100) / (entry?.total ?? 1)]).toEqual([
          metric["task"],
          expect.closeTo(Number(metric["accuracy"]), 9),
        ]);
      }
    }
  });
});
