// Gold acceptance on the shared data: each math grader must accept (nearly) every gold answer of its datasets.
import { describe, expect, it } from "vitest";
import { getGrader } from "../../graders/registry.js";
import { aime } from "../aime/index.js";
import { aime24 } from "../aime24/index.js";
import { aime25 } from "../aime25/index.js";
import { gsm8k } from "../gsm8k/index.js";
import { math500 } from "../math_500/index.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";

const dataDir = sharedDataDir("math500/test.jsonl");
if (dataDir === undefined) printSkipReason("math gold-acceptance tests");

function rate(name: string, accepted: number, total: number): number {
  process.stdout.write(
    `${name}: accepts ${accepted}/${total} gold answers (${((100 * accepted) / total).toFixed(1)}%)\n`,
  );
  return accepted / total;
}

describe.skipIf(dataDir === undefined)("math graders accept the gold answers", () => {
  const context = () => createLocalDatasetContext(dataDir);

  it("MATH-500: lighteval_latex and math accept the reference solution against its own gold", async () => {
    const { samples } = await math500.load({ context: context(), nShots: 0 });
    expect(samples).toHaveLength(500);
    for (const graderName of ["lighteval_latex", "math"] as const) {
      const grader = getGrader(graderName);
      const solutions = samples.filter(
        (sample) => grader({ response: sample.solution ?? "", gold: sample.gold }).isCorrect,
      );
      const boxedAnswers = samples.filter(
        (sample) =>
          grader({ response: `The final answer is $\\boxed{${sample.answer}}$.`, gold: sample.gold })
            .isCorrect,
      );
      expect(rate(`math_500 ${graderName} (solutions)`, solutions.length, 500)).toBeGreaterThanOrEqual(0.98);
      expect(rate(`math_500 ${graderName} (boxed answers)`, boxedAnswers.length, 500)).toBeGreaterThanOrEqual(
        0.98,
      );
    }
  });

  it("AIME: every gold integer is accepted by lighteval_expr and math", async () => {
    for (const benchmark of [aime24, aime25, aime]) {
      const { samples } = await benchmark.load({ context: context(), nShots: 0 });
      expect(samples).toHaveLength(30);
      for (const graderName of ["lighteval_expr", "math"] as const) {
        const grader = getGrader(graderName);
        const accepted = samples.filter(
          (sample) =>
            grader({ response: `Thus the answer is $\\boxed{${Number(sample.gold)}}$.`, gold: sample.gold })
              .isCorrect,
        );
        expect(rate(`${benchmark.name} ${graderName}`, accepted.length, 30)).toBe(1);
      }
      const solutions = samples.filter((sample) => sample.solution !== undefined);
      const acceptedSolutions = solutions.filter(
        (sample) => getGrader("math")({ response: sample.solution ?? "", gold: sample.gold }).isCorrect,
      );
      if (solutions.length > 0)
        rate(
          `${benchmark.name} math (reference solutions, informative)`,
          acceptedSolutions.length,
          solutions.length,
        );
    }
  });

  it("GSM8K: lighteval_gsm8k, lighteval_expr and math accept every reference solution", async () => {
    const { samples } = await gsm8k.load({ context: context(), nShots: 0 });
    for (const graderName of ["lighteval_gsm8k", "lighteval_expr", "math"] as const) {
      const grader = getGrader(graderName);
      const accepted = samples.filter(
        (sample) => grader({ response: String(sample.row["answer"]), gold: sample.gold }).isCorrect,
      );
      expect(rate(`gsm8k ${graderName}`, accepted.length, samples.length)).toBeGreaterThanOrEqual(0.99);
    }
  });
});
