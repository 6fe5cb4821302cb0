// Scores an MRCR answer as the openai/mrcr card's `grade` does: `score` is the SequenceMatcher ratio (0 without
// the random prefix), `correct` is a ratio of exactly 1.
import { mrcrScore } from "../../graders/mrcr-grade.js";
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";
import type { MrcrSample } from "./mrcr-sample.js";

export const mrcrScorer: RecipeScorer = {
  name: "openai/mrcr grade (prefix required, then difflib SequenceMatcher ratio)",
  async score(answer: AnswerToScore): Promise<ScorerOutput> {
    const sample = answer.sample as MrcrSample;
    const { score, startsWithPrefix } = mrcrScore(
      answer.response,
      sample.answer,
      sample.randomStringToPrepend,
    );
    return {
      correct: score === 1,
      score,
      reason: startsWithPrefix
        ? `ratio ${score}`
        : `the answer does not start with ${sample.randomStringToPrepend}: 0`,
      details: {
        starts_with_prefix: startsWithPrefix,
        prompt_tokens: sample.promptTokens,
        answer_tokens: sample.answerTokens,
      },
    };
  },
};
