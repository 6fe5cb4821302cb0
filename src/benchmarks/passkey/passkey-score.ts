// InfiniteBench's passkey score as TensorRT-LLM's examples/infinitebench/compute_scores.py computes it
// (`get_score_one_passkey`): the answer split on every character that is not 0–9, the first non-empty piece
// compared with the key as strings.
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";

/** `first_int_match`: the first run of ASCII digits in `prediction`, "" when it has none. */
export function firstIntMatch(prediction: string): string {
  return /[0-9]+/.exec(prediction)?.[0] ?? "";
}

/** `get_score_one_passkey`: true when the first digit run equals `label`. */
export function isPasskeyCorrect(prediction: string, label: string): boolean {
  return firstIntMatch(prediction) === label;
}

export const passkeyScorer: RecipeScorer = {
  name: "infinitebench passkey (first digit run = key)",
  async score(answer: AnswerToScore): Promise<ScorerOutput> {
    const found = firstIntMatch(answer.response);
    const correct = found === answer.sample.gold;
    return {
      correct,
      extracted: found,
      reason:
        found === ""
          ? "no digits in the answer"
          : `first digit run ${found} ${correct ? "=" : "≠"} key ${answer.sample.gold}`,
    };
  },
};
