// Scores one ZeroSCROLLS answer: the official metric of its task (`score` in [0, 1], and the metric's own name), or
// TensorRT-LLM's rouge (summarize.py: HF evaluate's rouge, no stemmer, against the row's one reference).
import { ROUGE_TYPES, rougeScore } from "../../graders/rouge-score.js";
import type { AnswerToScore, RecipeScorer, ScorerOutput } from "../types.js";
import {
  accuracyScore,
  concordanceIndexScore,
  expSimilarityScore,
  f1Score,
  maxOverReferences,
  zeroscrollsRouge,
} from "./zeroscrolls-metrics.js";
import type { ZeroscrollsSample } from "./zeroscrolls-sample.js";
import { TASK_METRIC } from "./zeroscrolls-tasks.js";

/**
 * The official score of one answer. `score` is the metric in [0, 1] (for a summarisation task the geometric mean
 * of this answer's rouge1, rouge2 and rougeL; the task's official figure is the geometric mean of their means:
 * README.md). `correct`: the score is perfect.
 */
export function scoreOfficial(sample: ZeroscrollsSample, response: string): ScorerOutput {
  const metric = TASK_METRIC[sample.task];
  const references = sample.references;
  switch (metric) {
    case "rouge": {
      const rouge = zeroscrollsRouge(response, references);
      const score = Math.cbrt(rouge.rouge1 * rouge.rouge2 * rouge.rougeL);
      return { correct: score === 1, score, ...rouge };
    }
    case "f1": {
      const f1 = maxOverReferences(f1Score, response, references);
      return { correct: f1 === 1, score: f1, f1 };
    }
    case "accuracy": {
      const accuracy = maxOverReferences(accuracyScore, response, references);
      return { correct: accuracy === 1, score: accuracy, accuracy: accuracy === 1 };
    }
    case "exp_similarity": {
      const similarity = maxOverReferences(expSimilarityScore, response, references);
      return { correct: similarity === 1, score: similarity, exp_similarity: similarity };
    }
    case "concordance_index": {
      const index = maxOverReferences(concordanceIndexScore, response, references);
      return { correct: index === 1, score: index, concordance_index: index };
    }
    default: {
      const unreachable: never = metric;
      return unreachable;
    }
  }
}

export const officialScorer: RecipeScorer = {
  name: "zero_scrolls metric (tau/zero_scrolls metrics/zero_scrolls.py per task)",
  async score(answer: AnswerToScore): Promise<ScorerOutput> {
    return scoreOfficial(answer.sample as ZeroscrollsSample, answer.response);
  },
};

/** summarize.py's `evaluate.load("rouge")` (rouge_score, no stemmer) of the output against the row's reference. */
export function scoreTrtllm(sample: ZeroscrollsSample, response: string): ScorerOutput {
  const reference = sample.references[0] ?? "";
  const scores = rougeScore(reference, response, ROUGE_TYPES);
  return {
    correct: scores.rouge1.fmeasure === 1,
    rouge1: scores.rouge1.fmeasure,
    rouge2: scores.rouge2.fmeasure,
    rougeL: scores.rougeL.fmeasure,
    rougeLsum: scores.rougeLsum.fmeasure,
  };
}

export const trtllmScorer: RecipeScorer = {
  name: "TensorRT-LLM summarize.py rouge (evaluate rouge, no stemmer)",
  async score(answer: AnswerToScore): Promise<ScorerOutput> {
    return scoreTrtllm(answer.sample as ZeroscrollsSample, answer.response);
  },
};
