// NeMo Evaluator BYOB's text-overlap scorers `bleu` and `rouge`
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/scorers.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// lowercased Python `split()` tokens; the same floating-point operations in the same order.

import { pythonSplit } from "../../graders/python-whitespace.js";
import { type ScorerInput, scorer } from "../scorer.js";

/** `Counter(tuple(tokens[i:i+n]) for i in …)`, keyed by the n-gram's tokens joined with a separator no token has. */
function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index + n <= tokens.length; index++) {
    const key = tokens.slice(index, index + n).join("\u0000");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function total(counts: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}

function overlap(predicted: ReadonlyMap<string, number>, reference: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const [key, count] of predicted) sum += Math.min(count, reference.get(key) ?? 0);
  return sum;
}

/** Sentence BLEU-1…4 with add-one smoothing and the brevity penalty: `{bleu_1, bleu_2, bleu_3, bleu_4}`. */
export const bleu = scorer(function bleu(sample: ScorerInput) {
  const predicted = pythonSplit(sample.response.toLowerCase());
  const reference = pythonSplit(sample.target.toLowerCase());
  if (predicted.length === 0 || reference.length === 0) return { bleu_1: 0, bleu_2: 0, bleu_3: 0, bleu_4: 0 };
  const brevity = predicted.length < reference.length ? Math.exp(1 - reference.length / predicted.length) : 1;
  const scores: Record<string, number> = {};
  let logAverage = 0;
  for (let n = 1; n <= 4; n++) {
    const predictedGrams = ngrams(predicted, n);
    const precision = (overlap(predictedGrams, ngrams(reference, n)) + 1) / (total(predictedGrams) + 1);
    logAverage += Math.log(precision) / 4;
    scores[`bleu_${n}`] = brevity * Math.exp((logAverage * 4) / n);
  }
  return scores;
});

function f1(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

function rougeN(predicted: readonly string[], reference: readonly string[], n: number): number {
  const predictedGrams = ngrams(predicted, n);
  const referenceGrams = ngrams(reference, n);
  const predictedCount = total(predictedGrams);
  const referenceCount = total(referenceGrams);
  if (predictedCount === 0 || referenceCount === 0) return 0;
  const common = overlap(predictedGrams, referenceGrams);
  return f1(common / predictedCount, common / referenceCount);
}

function longestCommonSubsequence(left: readonly string[], right: readonly string[]): number {
  let previous = new Array<number>(right.length + 1).fill(0);
  for (let i = 1; i <= left.length; i++) {
    const current = new Array<number>(right.length + 1).fill(0);
    for (let j = 1; j <= right.length; j++) {
      current[j] =
        left[i - 1] === right[j - 1]
          ? (previous[j - 1] ?? 0) + 1
          : Math.max(previous[j] ?? 0, current[j - 1] ?? 0);
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}

/** ROUGE-1, ROUGE-2 and ROUGE-L F1: `{rouge_1, rouge_2, rouge_l}`. */
export const rouge = scorer(function rouge(sample: ScorerInput) {
  const predicted = pythonSplit(sample.response.toLowerCase());
  const reference = pythonSplit(sample.target.toLowerCase());
  if (predicted.length === 0 || reference.length === 0) return { rouge_1: 0, rouge_2: 0, rouge_l: 0 };
  const common = longestCommonSubsequence(predicted, reference);
  return {
    rouge_1: rougeN(predicted, reference, 1),
    rouge_2: rougeN(predicted, reference, 2),
    rouge_l: f1(common / predicted.length, common / reference.length),
  };
});
