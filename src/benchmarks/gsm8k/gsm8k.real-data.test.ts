// Tests of GSM8K on the real data in the shared folder (skipped when it is absent): counts, golds, graders.

import { describe, expect, it } from "vitest";
import { numberMatch } from "../../graders/number-match.js";
import { getGrader } from "../../graders/registry.js";
import { recipeGraderName } from "../recipe-grader-name.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { printSkipReason, sharedDataDir } from "../test-support/shared-data-dir.js";
import { GSM8K_ORACLE_PHRASING_COUNT } from "./gsm8k-oracle.js";
import { gsm8k } from "./index.js";

const dataDir = sharedDataDir("gsm8k/test.jsonl");
if (dataDir === undefined) printSkipReason("gsm8k real-data tests");

describe.skipIf(dataDir === undefined)("gsm8k on the shared data", () => {
  const load = (nShots: number) => gsm8k.load({ context: createLocalDatasetContext(dataDir), nShots });

  it("loads 1,319 test rows whose golds are integers", async () => {
    const loaded = await load(8);
    expect(loaded.samples).toHaveLength(1319);
    expect(loaded.samples.every((sample) => /^-?\d+$/.test(sample.gold))).toBe(true);
    expect(loaded.samples[0]).toMatchObject({ id: "test/0", gold: "18" });
    expect(loaded.samples.at(-1)?.id).toBe("test/1318");
  });

  it("accepts every reference solution as its own gold (rate must be 100%)", async () => {
    const loaded = await load(0);
    const accepted = loaded.samples.filter((sample) => {
      const grade = numberMatch({ response: String(sample.row["answer"]), gold: sample.gold });
      return grade.isCorrect && !grade.isUnparsed;
    });
    process.stdout.write(
      `gsm8k: numberMatch accepts ${accepted.length}/${loaded.samples.length} reference solutions\n`,
    );
    expect(accepted.length).toBe(loaded.samples.length);
  });

  it("grades every oracle phrasing of every sample as intended, by every recipe's graders", async () => {
    const loaded = await load(0);
    const first = gsm8k.recipes[0];
    const mismatches: string[] = [];
    for (const recipe of gsm8k.recipes) {
      // Recipes whose prompts end like the default's are answered in the default's phrasing (the oracle cannot
      // tell them apart); the others in their own.
      const sample0 = loaded.samples[0];
      if (sample0 === undefined) throw new Error("no samples");
      const shared = gsm8k.oracle.promptSuffix(sample0, recipe) === gsm8k.oracle.promptSuffix(sample0, first);
      const answering = shared ? first : recipe;
      const graders = [recipeGraderName(recipe.grader), ...(recipe.extraGraders ?? [])];
      for (const sample of loaded.samples) {
        for (let variant = 0; variant < 2 * GSM8K_ORACLE_PHRASING_COUNT; variant++) {
          for (const isCorrect of [true, false]) {
            const response = gsm8k.oracle.answer(sample, isCorrect, variant, answering);
            for (const graderName of graders) {
              if (getGrader(graderName)({ response, gold: sample.gold }).isCorrect !== isCorrect) {
                mismatches.push(
                  `${recipe.name} ${graderName} ${sample.id} #${variant} ${isCorrect}: ${response}`,
                );
              }
            }
          }
        }
      }
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it("ends every prompt with the oracle suffix with 8 train shots", async () => {
    const loaded = await load(8);
    for (const sample of loaded.samples.slice(0, 50)) {
      const prompt = loaded.buildPrompt(sample, {
        endpointType: "completions",
        nShots: 8,
        systemPrompt: "",
        cot: false,
      });
      expect(
        prompt.type === "completion" &&
          prompt.text.endsWith(gsm8k.oracle.promptSuffix(sample, gsm8k.recipes[0])),
      ).toBe(true);
      expect(prompt.type === "completion" && prompt.text.split("#### ").length).toBe(9);
    }
  });
});
