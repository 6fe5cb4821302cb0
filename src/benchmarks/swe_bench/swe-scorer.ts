// Grades a SWE-bench answer: the patch is read from it as SWE-bench's harness reads it (`extractSwePatch`), then
// evaluated in a container (the in-container harness: repository at base_commit, patch applied, test patch applied,
// FAIL_TO_PASS and PASS_TO_PASS run). An answer without a patch is wrong at once, with no container started — as
// SWE-bench's run_evaluation.py leaves an empty `model_patch` unresolved without evaluating it.
import type { ContainerEngine } from "../../containers/types.js";
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";
import { extractSwePatch } from "./extract-patch.js";
import type { SweEvaluation, SweHarnessOptions } from "./swe-harness.js";
import type { SweBenchSample, SweInstance } from "./swe-instance.js";

/** Evaluates `patch` on `instance` with the run's container engine (`evaluateSwePatch`, or a test's stand-in). */
export type EvaluateSwePatch = (
  instance: SweInstance,
  patch: string,
  engine: ContainerEngine,
  options: SweHarnessOptions,
) => Promise<SweEvaluation>;

/** The reason of an answer with no patch in it. */
export const NO_PATCH_REASON = "no patch in the answer";

/**
 * The patch of `response`, ending with a newline: a run trims the answers it records (and `grade --responses`
 * its lines), which takes a raw patch's final newline, and without it `git apply` calls the patch corrupt.
 */
export function answerPatch(response: string): string {
  const patch = extractSwePatch(response);
  if (patch.trim() === "") return "";
  return patch.endsWith("\n") ? patch : `${patch}\n`;
}

/** The scorer of a recipe whose patches `evaluate` decides; `name` is for run.json and `list`. */
export function sweScorer(name: string, evaluate: EvaluateSwePatch): RecipeScorer {
  return {
    name,
    async score(answer: AnswerToScore): Promise<ScorerOutput> {
      const sample = answer.sample as SweBenchSample;
      const patch = answerPatch(answer.response);
      if (patch === "") return { correct: false, reason: NO_PATCH_REASON, extracted: "" };
      if (answer.containers === undefined) {
        throw new Error(
          `${sample.id}: the patch is evaluated in a container and this run has no container engine (a run connects to one for a recipe that uses containers: --docker-host, else DOCKER_HOST)`,
        );
      }
      const options =
        answer.signal === undefined ? sample.harness : { ...sample.harness, signal: answer.signal };
      const verdict = await evaluate(sample.instance, patch, answer.containers, options);
      return {
        correct: verdict.correct,
        reason: verdict.reason,
        extracted: patch,
        details: verdict.details,
      };
    },
  };
}
