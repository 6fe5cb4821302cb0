// ROUGE as Google's `rouge_score` computes it — the package HF `evaluate`'s "rouge" metric and TensorRT-LLM's
// summarize.py call: google-research/google-research rouge/rouge_scorer.py@61ce9f0ca76025dac5b671c0631e443a9975a8a3,
// tokenize.py@0c1bbe5fc971a1de1a427debc814e66ab4f1e7fa, tokenizers.py@30adf0ec5f35f9609c2f1d896005e184195d9146 and
// scoring.py@0b7b841b4d58aac0854fd6daa3f80ea2724d14b3; `score_multi` as rouge_score 0.1.2 ships it (vendored unchanged
// in Qcompiler/MixQ_Tensorrt_LLM rouge_score/rouge_scorer.py@766cc5b277600216e392818e1747b7d051265a06). Pure.
//
// Tokens: the text lower-cased, every run of characters other than a–z and 0–9 a space, split on whitespace; with
// `useStemmer` each token longer than 3 characters goes through nltk's Porter stemmer in its default mode
// (porter-stemmer.ts); then only tokens matching ^[a-z0-9]+$ are kept. rougeN (N = 1…9) from clipped n-gram counts
// (a side with no n-grams counts as 1 in the denominator), rougeL from one LCS over all tokens, rougeLsum from the
// summary-level union LCS over the newline-separated non-empty lines with the ROUGE-1.5.5 double-count guard.
// Not here: rouge_score's `split_summaries=True` (nltk's sentence splitter for rougeLsum) and custom tokenizers —
// rouge_score's defaults, which HF evaluate and TensorRT-LLM use, split on newlines with the tokenizer above.
import { ConfigError, DatasetError } from "../errors.js";
import { porterStem } from "./porter-stemmer.js";

export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/** `rouge1` … `rouge9`: rouge_score accepts `rouge[0-9]` with a positive digit. */
export type RougeNType = `rouge${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;
export type RougeType = RougeNType | "rougeL" | "rougeLsum";
/** HF evaluate's default `rouge_types`. */
export type DefaultRougeType = "rouge1" | "rouge2" | "rougeL" | "rougeLsum";
export const ROUGE_TYPES: readonly DefaultRougeType[] = ["rouge1", "rouge2", "rougeL", "rougeLsum"];

export interface RougeOptions {
  /** rouge_score's `use_stemmer` (default false). */
  useStemmer?: boolean;
}

const ZERO: RougeScore = { precision: 0, recall: 0, fmeasure: 0 };

/** A rouge type by name, as rouge_score validates it (`rouge0`, `rouge10`, `rougen` are errors). */
export function parseRougeType(name: string): RougeType {
  if (name === "rougeL" || name === "rougeLsum" || /^rouge[1-9]$/.test(name)) return name as RougeType;
  throw new ConfigError(
    `Invalid rouge type "${name}": use rouge1 … rouge9 (n-gram overlap), rougeL (longest common subsequence) or rougeLsum (summary-level LCS over newline-separated sentences).`,
  );
}

/** Stems memoised: a corpus repeats its words, the stemmer is pure. */
const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 200_000;

function cachedStem(token: string): string {
  let stem = stemCache.get(token);
  if (stem === undefined) {
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear();
    stem = porterStem(token);
    stemCache.set(token, stem);
  }
  return stem;
}

/** `tokenize.tokenize(text, stemmer)`: the tokens rouge_score scores. */
export function rougeTokens(text: string, options: RougeOptions = {}): string[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/);
  const stemmed = options.useStemmer
    ? tokens.map((token) => (token.length > 3 ? cachedStem(token) : token))
    : tokens;
  return stemmed.filter((token) => /^[a-z0-9]+$/.test(token));
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
export function lcsIndices(reference: readonly string[], candidate: readonly string[]): number[] {
  const table = lcsTable(reference, candidate);
  const indices: number[] = [];
  let i = reference.length;
  let j = candidate.length;
  while (i > 0 && j > 0) {
    if (reference[i - 1] === candidate[j - 1]) {
      indices.push(i - 1);
      i--;
      j--;
    } else if ((table[i]?.[j - 1] ?? 0) > (table[i - 1]?.[j] ?? 0)) {
      j--;
    } else {
      i--;
    }
  }
  return indices.reverse();
}

/** `_summary_level_lcs`: union LCS of each reference sentence against every candidate sentence, counted once. */
export function summaryLevelLcs(
  references: readonly string[][],
  candidates: readonly string[][],
): RougeScore {
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

/** rougeLsum's `get_sents`: the newline-separated non-empty lines, each tokenized. */
function sentences(text: string, options: RougeOptions): string[][] {
  return text
    .split("\n")
    .filter((sentence) => sentence.length > 0)
    .map((sentence) => rougeTokens(sentence, options));
}

/** `RougeScorer(types, use_stemmer).score(target, prediction)`. Throws a ConfigError for an unknown type. */
export function rougeScore<T extends RougeType = DefaultRougeType>(
  target: string,
  prediction: string,
  types: readonly T[] = ROUGE_TYPES as readonly T[],
  options: RougeOptions = {},
): Record<T, RougeScore> {
  const checked = types.map((type) => parseRougeType(type));
  const targetTokens = rougeTokens(target, options);
  const predictionTokens = rougeTokens(prediction, options);
  const result = {} as Record<RougeType, RougeScore>;
  for (const type of checked) {
    result[type] =
      type === "rougeL"
        ? scoreLcs(targetTokens, predictionTokens)
        : type === "rougeLsum"
          ? summaryLevelLcs(sentences(target, options), sentences(prediction, options))
          : scoreNgrams(targetTokens, predictionTokens, Number(type.slice(5)));
  }
  return result as Record<T, RougeScore>;
}

/**
 * `RougeScorer(types, use_stemmer).score_multi(targets, prediction)`: per type, the score against the target with the
 * highest F-measure (the first such target on a tie, as `np.argmax`). Throws a DatasetError when there is no target.
 */
export function rougeScoreMulti<T extends RougeType = DefaultRougeType>(
  targets: readonly string[],
  prediction: string,
  types: readonly T[] = ROUGE_TYPES as readonly T[],
  options: RougeOptions = {},
): Record<T, RougeScore> {
  if (targets.length === 0)
    throw new DatasetError(
      "rougeScoreMulti needs at least one reference text for the prediction; the sample has none — give each sample one or more references.",
    );
  const perTarget = targets.map((target) => rougeScore(target, prediction, types, options));
  const best = {} as Record<T, RougeScore>;
  for (const type of types) {
    let chosen = perTarget[0]?.[type] ?? ZERO;
    for (const scores of perTarget) if (scores[type].fmeasure > chosen.fmeasure) chosen = scores[type];
    best[type] = chosen;
  }
  return best;
}
