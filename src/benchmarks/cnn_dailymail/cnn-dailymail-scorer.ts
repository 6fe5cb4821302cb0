// Scores a summary as TensorRT-LLM's CNN/DailyMail evaluator does (`evaluate.load("rouge")`, HF evaluate
// metrics/rouge/rouge.py @085121968c00e3adfff7ab1781a92d5e2e85d224 with its defaults: rouge1, rouge2, rougeL and
// rougeLsum, no stemmer, `scorer.score(reference, prediction)`): each type's F-measure of the response against the
// row's highlights, as numbers in [0, 1]. There is no verdict: no `correct`, so a run reports these metrics and no
// accuracy; the recipe's headline is rouge1.
import { ROUGE_TYPES, rougeScore } from "../../graders/rouge-score.js";
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";
import type { CnnDailymailSample } from "./cnn-dailymail-sample.js";

/** The four F-measures of `response` against `highlights` (the reference is rouge_score's target). */
export function cnnDailymailRouge(highlights: string, response: string): Record<string, number> {
  const scores = rougeScore(highlights, response, ROUGE_TYPES);
  return Object.fromEntries(ROUGE_TYPES.map((type) => [type, scores[type].fmeasure]));
}

export const cnnDailymailScorer: RecipeScorer = {
  name: "rouge_score F-measures (rouge1, rouge2, rougeL, rougeLsum; no stemmer) against the highlights",
  async score(answer: AnswerToScore): Promise<ScorerOutput> {
    const sample = answer.sample as CnnDailymailSample;
    const values = cnnDailymailRouge(sample.highlights, answer.response);
    const reason = Object.entries(values)
      .map(([type, value]) => `${type} ${value.toFixed(4)}`)
      .join(", ");
    return { ...values, reason };
  },
};
