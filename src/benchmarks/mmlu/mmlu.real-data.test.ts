// Tests of MMLU on the real data in the shared folder (skipped when it is absent): counts, lm-eval prompt, oracle.

import { describe, expect, it } from "vitest";
import { firstLetter } from "../../graders/first-letter.js";
import { getGrader } from "../../graders/registry.js";
import { recipeGraderName } from "../recipe-grader-name.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { mmlu } from "./index.js";
import { mmluOraclePhrasingCount } from "./mmlu-oracle.js";
import { readMmluLocalSplit } from "./read-mmlu-rows.js";
import { MMLU_SUBJECTS } from "./subjects.js";

const dataDir = sharedDataDir("mmlu/test");
if (dataDir === undefined) printSkipReason("mmlu real-data tests");

describe.skipIf(dataDir === undefined)("mmlu on the shared data", () => {
  const context = () => createLocalDatasetContext(dataDir);

  it("loads 14,042 test rows in 57 subjects and 285 dev rows", async () => {
    const loaded = await mmlu.load({ context: context(), nShots: 5 });
    expect(loaded.samples).toHaveLength(14_042);
    expect(new Set(loaded.samples.map((sample) => sample.task))).toEqual(new Set(MMLU_SUBJECTS));
    expect(new Set(loaded.samples.map((sample) => sample.id)).size).toBe(14_042);
    const dev = await readMmluLocalSplit(context(), "dev", MMLU_SUBJECTS);
    expect([...dev.values()].reduce((total, rows) => total + rows.length, 0)).toBe(285);
    expect([...dev.values()].every((rows) => rows.length === 5)).toBe(true);
    expect(loaded.samples.at(-1)?.id).toBe("world_religions/170");
  });

  it("builds the hand-checked lm-eval 5-shot prompt of abstract_algebra/0", async () => {
    const recipe = mmlu.recipes.find((candidate) => candidate.name === "lm-eval");
    const loaded = await mmlu.load({
      context: context(),
      nShots: 5,
      tasks: ["abstract_algebra"],
      ...(recipe ? { recipe } : {}),
    });
    const sample = loaded.samples[0];
    if (!sample) throw new Error("missing sample");
    expect(sample.gold).toBe("B");
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "completions",
      nShots: 5,
      systemPrompt: undefined,
      cot: false,
    });
    expect(prompt).toEqual({
      type: "completion",
      text: `The following are multiple choice questions (with answers) about abstract algebra.

Find all c in Z_3 such that Z_3[x]/(x^2 + c) is a field.
A. 0
B. 1
C. 2
D. 3
Answer: B

Statement 1 | If aH is an element of a factor group, then |aH| divides |a|. Statement 2 | If H and K are subgroups of G then HK is a subgroup of G.
A. True, True
B. False, False
C. True, False
D. False, True
Answer: B

Statement 1 | Every element of a group generates a cyclic subgroup of the group. Statement 2 | The symmetric group S_10 has 10 elements.
A. True, True
B. False, False
C. True, False
D. False, True
Answer: C

Statement 1| Every function from a finite set onto itself must be one to one. Statement 2 | Every subgroup of an abelian group is abelian.
A. True, True
B. False, False
C. True, False
D. False, True
Answer: A

Find the characteristic of the ring 2Z.
A. 0
B. 3
C. 12
D. 30
Answer: A

Find the degree for the given field extension Q(sqrt(2), sqrt(3), sqrt(18)) over Q.
A. 0
B. 4
C. 2
D. 6
Answer:`,
    });
  });

  it.each(mmlu.recipes.map((recipe) => [recipe.name, recipe] as const))(
    "grades every %s oracle phrasing of every sample as intended by the recipe's grader",
    async (_name, recipe) => {
      const loaded = await mmlu.load({ context: context(), nShots: 0, recipe });
      const grader = getGrader(recipeGraderName(recipe.grader));
      const phrasingCount = mmluOraclePhrasingCount(recipe);
      let graded = 0;
      const mismatches: string[] = [];
      for (const sample of loaded.samples) {
        const input = { gold: sample.gold, choices: sample.choices };
        for (let variant = 0; variant < 2 * phrasingCount; variant++) {
          for (const isCorrect of [true, false]) {
            const response = mmlu.oracle.answer(sample, isCorrect, variant, recipe);
            graded++;
            if (grader({ ...input, response }).isCorrect !== isCorrect) {
              mismatches.push(`${sample.id} #${variant} ${isCorrect}: ${response}`);
            }
          }
        }
      }
      expect(mismatches.slice(0, 10)).toEqual([]);
      expect(graded).toBe(14_042 * 4 * phrasingCount);
    },
  );

  it("answers lm-eval's prompts in a form SGLang's first_letter also reads, as their prompts often end alike", async () => {
    const lmEval = mmlu.recipes.find((recipe) => recipe.name === "lm-eval");
    const sglang = mmlu.recipes.find((recipe) => recipe.name === "sglang");
    if (lmEval === undefined || sglang === undefined) throw new Error("recipes missing");
    const loaded = await mmlu.load({ context: context(), nShots: 0, recipe: lmEval });
    let shared = 0;
    const mismatches: string[] = [];
    for (const sample of loaded.samples) {
      if (mmlu.oracle.promptSuffix(sample, lmEval) !== mmlu.oracle.promptSuffix(sample, sglang)) continue;
      shared++;
      for (let variant = 0; variant < 8; variant++) {
        for (const isCorrect of [true, false]) {
          const response = mmlu.oracle.answer(sample, isCorrect, variant, lmEval);
          if (firstLetter({ response, gold: sample.gold }).isCorrect !== isCorrect)
            mismatches.push(sample.id);
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(shared).toBeGreaterThan(13_000);
  });
});
