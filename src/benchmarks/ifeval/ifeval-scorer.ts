// IFEval's verdicts on one answer as the official `evaluation_lib.py` gives them (google-research/google-research
// instruction_following_eval @5b09c22d73a9d35eb6c5d2a99b95677a45053466): strict and loose, per instruction and for
// the prompt, as lm-evaluation-harness names its four metrics. The answer arrives with its reasoning removed
// (`<think>` blocks and `reasoning_content`); `details` says whether there was any.
import { ratio, type ScorerInput, scorer } from "../../byob/scorer.js";
import { evaluateIfeval, type IfevalResult } from "../../graders/ifeval/evaluate-ifeval.js";

/** The scorer's values and details for one sample's verdicts. */
export function ifevalScores(result: IfevalResult, reasoning: string) {
  const { strict, loose } = result;
  const given = strict.perInstruction.length;
  const followed = (verdicts: typeof strict) =>
    verdicts.perInstruction.filter((verdict) => verdict.isFollowed).length;
  const missed = strict.perInstruction
    .filter((verdict) => !verdict.isFollowed)
    .map((verdict) => verdict.instructionId);
  return {
    prompt_level_strict_acc: strict.isFollowed,
    inst_level_strict_acc: ratio(followed(strict), given),
    prompt_level_loose_acc: loose.isFollowed,
    inst_level_loose_acc: ratio(followed(loose), given),
    reason:
      missed.length === 0
        ? `strict: all ${given} instructions followed`
        : `strict: ${given - missed.length}/${given} followed; not followed: ${missed.join(", ")}`,
    details: {
      per_instruction: strict.perInstruction.map((verdict, index) => ({
        instruction_id: verdict.instructionId,
        strict: verdict.isFollowed,
        loose: loose.perInstruction[index]?.isFollowed ?? false,
      })),
      reasoning_removed: reasoning !== "",
    },
  };
}

export const ifevalScorer = scorer(function ifeval(sample: ScorerInput) {
  const { metadata } = sample;
  const result = evaluateIfeval({
    prompt: String(metadata["prompt"]),
    response: sample.response,
    instructionIds: metadata["instruction_id_list"] as string[],
    kwargs: metadata["kwargs"] as unknown[],
  });
  return ifevalScores(result, sample.reasoning);
});
