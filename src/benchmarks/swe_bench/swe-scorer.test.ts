// The swe_bench scorer without an engine's work: an answer without a patch is wrong at once (no container), a patch
// goes to the evaluation with its final newline and the verdict comes back as correct/reason/extracted/details; and
// the oracle's answers — the gold patch read back exactly by extract_diff's rules, the wrong ones not the gold.
import { describe, expect, it } from "vitest";
import type { ContainerEngine } from "../../containers/types.js";
import { scoreAnswer } from "../../runner/score-answer.js";
import { createLocalDatasetContext } from "../test-support/local-dataset-context.js";
import { fixturesDir } from "../test-support/shared-data-dir.js";
import type { AnswerToScore, Recipe, RecipeScorer } from "../types.js";
import { extractSwePatch } from "./extract-patch.js";
import { sweBench } from "./index.js";
import type { SweHarnessOptions } from "./swe-harness.js";
import type { SweBenchSample, SweInstance } from "./swe-instance.js";
import { ORACLE_NOTE_FILE, sweOracle, unappliablePatch } from "./swe-oracle.js";
import { type EvaluateSwePatch, NO_PATCH_REASON, sweScorer } from "./swe-scorer.js";

const { samples } = await sweBench.load({
  context: createLocalDatasetContext(fixturesDir("swe_bench")),
  nShots: 0,
});
const sample: SweBenchSample = (() => {
  const [first] = samples;
  if (first === undefined) throw new Error("no fixture rows");
  return first;
})();
const recipe = sweBench.recipes[0] as Recipe;

/** An engine the scorer only hands on (the evaluation below is a recording function, not the harness). */
const engine = { host: "unix:///test.sock" } as ContainerEngine;

function answer(response: string, containers?: ContainerEngine): AnswerToScore {
  return {
    sample,
    response,
    reasoning: "",
    finishReason: "stop",
    prompt: undefined,
    ...(containers === undefined ? {} : { containers }),
  };
}

/** The patch an answer carries, without the blank line a `<patch>` tag's line break leaves before it. */
const patchOf = (text: string): string => extractSwePatch(text).replace(/^\n/, "");

/** A scorer whose evaluation records its calls and answers `verdict`. */
function recordingScorer(verdict: Awaited<ReturnType<EvaluateSwePatch>>) {
  const calls: {
    instance: SweInstance;
    patch: string;
    engine: ContainerEngine;
    options: SweHarnessOptions;
  }[] = [];
  const scorer: RecipeScorer = sweScorer("test", async (instance, patch, used, options) => {
    calls.push({ instance, patch, engine: used, options });
    return verdict;
  });
  return { scorer, calls };
}

describe("swe_bench scorer", () => {
  it("marks an answer without a patch wrong without evaluating anything", async () => {
    const { scorer, calls } = recordingScorer({ correct: true, reason: "unused", details: {} });
    // extract_diff: nothing, blanks, an empty fenced diff, nothing before the end-of-sequence mark.
    for (const response of ["", "   ", "```diff\n\n```", "</s>I could not find the bug."]) {
      const scored = await scorer.score(answer(response, engine));
      expect(scored).toEqual({ correct: false, reason: NO_PATCH_REASON, extracted: "" });
    }
    expect(calls).toEqual([]);
  });

  it("evaluates the extracted patch, its final newline restored, and reports the evaluation's verdict", async () => {
    const details = { fail_to_pass_results: { "t::a": "PASSED" }, pass_to_pass_results: {} };
    const { scorer, calls } = recordingScorer({ correct: true, reason: "resolved", details });
    const trimmed = sample.instance.patch.trimEnd();
    const scored = await scorer.score(answer(trimmed, engine));
    expect(calls).toEqual([
      { instance: sample.instance, patch: `${trimmed}\n`, engine, options: sample.harness },
    ]);
    expect(scored).toEqual({ correct: true, reason: "resolved", extracted: `${trimmed}\n`, details });
    const fenced = await scorer.score(
      answer(`Fix:\n\`\`\`diff\n${sample.instance.patch}\`\`\`\nDone.`, engine),
    );
    expect(calls[1]?.patch).toBe(sample.instance.patch);
    expect(fenced["extracted"]).toBe(sample.instance.patch);
  });

  it("reports a wrong verdict as it comes", async () => {
    const { scorer } = recordingScorer({ correct: false, reason: "patch does not apply", details: { a: 1 } });
    expect(await scorer.score(answer(unappliablePatch(sample.gold), engine))).toMatchObject({
      correct: false,
      reason: "patch does not apply",
      details: { a: 1 },
    });
  });

  it("fails the sample, saying why, when the run gave it no container engine", async () => {
    const scored = await scoreAnswer(recipe.grader as RecipeScorer, answer(sample.gold));
    expect(scored.error?.message).toMatch(
      new RegExp(`${sample.id}: the patch is evaluated in a container and this run has no container engine`),
    );
  });
});

describe("swe_bench oracle", () => {
  const VARIANTS = Array.from({ length: 12 }, (_, index) => index);

  it("recognises a prompt by its whole text", async () => {
    const loaded = await sweBench.load({
      context: createLocalDatasetContext(fixturesDir("swe_bench")),
      nShots: 0,
    });
    const prompt = loaded.buildPrompt(sample, {
      endpointType: "chat",
      nShots: 0,
      systemPrompt: undefined,
      cot: false,
    });
    expect(prompt.type === "chat" ? prompt.messages.at(-1)?.content : "").toBe(
      sweOracle.promptSuffix(sample, recipe),
    );
  });

  it("answers right with the gold patch, read back exactly, in every phrasing", () => {
    for (const each of samples) {
      for (const variant of VARIANTS) {
        expect(patchOf(sweOracle.answer(each, true, variant, recipe))).toBe(each.gold);
      }
    }
  });

  it("fences a gold patch that holds a fence between <patch> tags instead", () => {
    const gold =
      "diff --git a/README.md b/README.md\n--- a/README.md\n+++ b/README.md\n@@ -1 +1,3 @@\n-x\n+```py\n+y\n+```\n";
    const patched: SweBenchSample = { ...sample, gold, instance: { ...sample.instance, patch: gold } };
    for (const variant of VARIANTS) {
      const text = sweOracle.answer(patched, true, variant, recipe);
      expect(text).toContain("<patch>\n");
      expect(patchOf(text)).toBe(patched.gold);
    }
  });

  it("answers wrong with a note file that applies (even variants) or a hunk of a line the file lacks (odd)", () => {
    for (const variant of VARIANTS) {
      const patch = patchOf(sweOracle.answer(sample, false, variant, recipe));
      expect(patch).not.toBe(sample.gold);
      if (variant % 2 === 0) {
        expect(patch).toContain(`+++ b/${ORACLE_NOTE_FILE}\n@@ -0,0 +1 @@\n+`);
      } else {
        expect(patch).toBe(unappliablePatch(sample.gold));
        expect(patch).toMatch(/^diff --git a\/src\/flask\/helpers\.py b\/src\/flask\/helpers\.py\n/);
      }
    }
  });
});
