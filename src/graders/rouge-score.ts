// ROUGE as Google's `rouge_score` computes it (google-research/google-research rouge/rouge_scorer.py, tokenize.py and
// scoring.py@0c1bbe5fc971a1de1a427debc814e66ab4f1e7fa; the package HF `evaluate`'s "rouge" and TensorRT-LLM's
// summarize.py use), without the stemmer: lowercase, every run of characters other than a–z and 0–9 a space, tokens
// split on whitespace; rouge-N from n-gram counts, rougeL from one LCS, rougeLsum from the summary-level union LCS
// over newline-separated sentences with rouge's double-count guard. Pure.

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

export type RougeType = "rouge1" | "rouge2" | "rougeL" | "rougeLsum";
export const ROUGE_TYPES: readonly RougeType[] = ["rouge1", "rouge2", "rougeL", "rougeLsum"];

const ZERO: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };

/** `tokenize.tokenize(text, None)`. */
export function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .filter((token) => /^[a-z0-9]+$/.test(token));
}

/** `scoring.fmeasure`. */
function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

function ngramCounts(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index + n <= tokens.length; index++) {
    const key = tokens.slice(index, index + n).join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function sum(counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/** `_score_ngrams`: clipped n-gram overlap over the prediction's and the target's n-gram counts (each at least 1). */
function scoreNgrams(target: readonly string[], prediction: readonly string[], n: number): RougeScore {
  const targetCounts = ngramCounts(target, n);
  const predictionCounts = ngramCounts(prediction, n);
  let overlap = 0;
  for (const [ngram, count] of targetCounts) overlap += Math.min(count, predictionCounts.get(ngram) ?? 0);
  const precision = overlap / Math.max(sum(predictionCounts), 1);
  const recall = overlap / Math.max(sum(targetCounts), 1);
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** `_lcs_table`: rows the reference, columns the candidate. */
function lcsTable(reference: readonly string[], candidate: readonly string[]): Uint32Array[] {
  const table = Array.from({ length: reference.length + 1 }, () => new Uint32Array(candidate.length + 1));
  for (let i = 1; i <= reference.length; i++) {
    const row = table[i] as Uint32Array;
    const above = table[i - 1] as Uint32Array;
    for (let j = 1; j <= candidate.length; j++) {
      row[j] =
        reference[i - 1] === candidate[j - 1]
          ? (above[j - 1] as number) + 1
          : Math.max(above[j] as number, row[j - 1] as number);
    }
  }
  return table;
}

function scoreLcs(target: readonly string[], prediction: readonly string[]): RougeScore {
  if (target.length === 0 || prediction.length === 0) return ZERO;
  const length = lcsTable(target, prediction)[target.length]?.[prediction.length] ?? 0;
  const precision = length / prediction.length;
  const recall = length / target.length;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** `lcs_ind` through `_backtrack_norec`: the reference indices of one LCS, ties broken as rouge_score breaks them. */
function lcsIndices(reference: readonly string[], candidate: readonly string[]): number[] {
  const table = lcsTable(reference, candidate);
  const indices: number[] = [];
  let i = reference.length;
  let j = candidate.length;
  while (i > 0 && j > 0) {
    if (reference[i - 1] === candidate[j - 1]) {
      indices.unshift(i - 1);
      i--;
      j--;
    } else if ((table[i]?.[j - 1] ?? 0) > (table[i - 1]?.[j] ?? 0)) {
      j--;
    } else {
      i--;
    }
  }
  return indices;
}

/** `_summary_level_lcs`: union LCS of each reference sentence against every candidate sentence, counted once. */
function summaryLevelLcs(references: readonly string[][], candidates: readonly string[][]): RougeScore {
  if (references.length === 0 || candidates.length === 0) return ZERO;
  const m = references.reduce((total, sentence) => total + sentence.length, 0);
  const n = candidates.reduce((total, sentence) => total + sentence.length, 0);
  if (m === 0 || n === 0) return ZERO;
  const countsOf = (sentences: readonly string[][]) => {
    const counts = new Map<string, number>();
    for (const sentence of sentences)
      for (const token of sentence) counts.set(token, (counts.get(token) ?? 0) + 1);
    return counts;
  };
  const referenceCounts = countsOf(references);
  const candidateCounts = countsOf(candidates);
  let hits = 0;
  for (const reference of references) {
    const union = new Set<number>();
    for (const candidate of candidates)
      for (const index of lcsIndices(reference, candidate)) union.add(index);
    for (const index of [...union].sort((a, b) => a - b)) {
      const token = reference[index] as string;
      if ((candidateCounts.get(token) ?? 0) > 0 && (referenceCounts.get(token) ?? 0) > 0) {
        hits++;
        candidateCounts.set(token, (candidateCounts.get(token) ?? 0) - 1);
        referenceCounts.set(token, (referenceCounts.get(token) ?? 0) - 1);
      }
    }
  }
  const recall = hits / m;
  const precision = hits / n;
  return { precision, recall, fmeasure: fmeasure(precision, recall) };
}

/** Newline-separated non-empty sentences, each tokenized (rougeLsum's `get_sents`). */
function sentences(text: string): string[][] {
  return text
    .split("\n")
    .filter((sentence) => sentence.length > 0)
    .map(rougeTokens);
}

/** `RougeScorer(types, use_stemmer=False).score(target, prediction)`. */
export function rougeScore(
  target: string,
  prediction: string,
  types: readonly RougeType[] = ROUGE_TYPES,
): Record<RougeType, RougeScore> {
  const targetTokens = rougeTokens(target);
  const predictionTokens = rougeTokens(prediction);
  const result = {} as Record<RougeType, RougeScore>;
  for (const type of types) {
    result[type] =
      type === "rougeL"
        ? scoreLcs(targetTokens, predictionTokens)
        : type === "rougeLsum"
          ? summaryLevelLcs(sentences(target), sentences(prediction))
          : scoreNgrams(targetTokens, predictionTokens, type === "rouge1" ? 1 : 2);
  }
  return result;
}
