// The per-answer scores of ZeroSCROLLS' official metric (the tau/zero_scrolls Hub dataset's metrics/ folder:
// f1.py, accuracy.py, exp_similarity.py, concordance_index.py and rouge.py @9af1d79992edc35db68c85db9bdc5d8aa4706a7c,
// driven by metrics/zero_scrolls.py as SCROLLS' scrolls.py drives its own): each in [0, 1], the best over the
// sample's references (`metric_max_over_ground_truths`). The corpus figure is 100 × the mean (rouge: see README).
import { PYTHON_WHITESPACE_CLASS, pythonSplit } from "../../graders/python-whitespace.js";
import { type RougeType, rougeScore } from "../../graders/rouge-score.js";
import { unidecodeFold } from "./unidecode-fold.js";

/** Python's `string.punctuation`. */
const PUNCTUATION = new Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~");
/** A Python `re` word character in a `str` pattern (`\w`: alphanumerics and the underscore). */
const WORD = "[\\p{L}\\p{N}_]";
const ARTICLES = new RegExp(`(?<!${WORD})(a|an|the)(?!${WORD})`, "gu");

/** f1.py `normalize_answer`: lower, punctuation out, articles out, whitespace runs to one space, then unidecode. */
export function normalizeAnswer(text: string): string {
  const lowered = text.toLowerCase();
  let withoutPunctuation = "";
  for (const char of lowered) if (!PUNCTUATION.has(char)) withoutPunctuation += char;
  const withoutArticles = withoutPunctuation.replace(ARTICLES, " ");
  return unidecodeFold(pythonSplit(withoutArticles).join(" "));
}

/** f1.py `f1_score`: token-level F1 of the normalised prediction against one normalised reference. */
export function f1Score(prediction: string, reference: string): number {
  const predictionTokens = pythonSplit(normalizeAnswer(prediction));
  const referenceTokens = pythonSplit(normalizeAnswer(reference));
  const counts = new Map<string, number>();
  for (const token of referenceTokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  let same = 0;
  for (const token of predictionTokens) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      same++;
      counts.set(token, left - 1);
    }
  }
  if (same === 0) return 0;
  const precision = same / predictionTokens.length;
  const recall = same / referenceTokens.length;
  return (2 * precision * recall) / (precision + recall);
}

/** `metric_max_over_ground_truths`. */
export function maxOverReferences(
  score: (prediction: string, reference: string) => number,
  prediction: string,
  references: readonly string[],
): number {
  return Math.max(...references.map((reference) => score(prediction, reference)));
}

const LETTER = new RegExp(`(?<!${WORD})[A-D](?!${WORD})`, "u");

/** accuracy.py `find_answer`: the first standalone letter A–D, or undefined. */
export function findAnswerLetter(text: string): string | undefined {
  return LETTER.exec(text)?.[0];
}

/** accuracy.py `accuracy_score`: 1 when the prediction's first standalone A–D is the reference's. */
export function accuracyScore(prediction: string, reference: string): number {
  const gold = findAnswerLetter(reference);
  if (gold === undefined) throw new Error(`the reference ${JSON.stringify(reference)} names no letter A-D`);
  return findAnswerLetter(prediction) === gold ? 1 : 0;
}

const PERCENTAGE = /\p{Nd}+\.?\p{Nd}*%/u;
const DECIMAL_DIGIT = /\p{Nd}/u;

/** A Unicode decimal digit's value (digits come in runs of ten, from zero; math digits in five runs back to back). */
function digitValue(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  let start = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/** exp_similarity.py `to_int`: the first `\d+\.?\d*%` as a number, or undefined. */
export function findPercentage(text: string): number | undefined {
  const match = PERCENTAGE.exec(text)?.[0];
  if (match === undefined) return undefined;
  let ascii = "";
  for (const char of match.slice(0, -1)) ascii += char === "." ? "." : String(digitValue(char));
  return Number(ascii);
}

/** exp_similarity.py `exp_similarity_score`: 0.5 ^ (|reference% − prediction%| / 10); 0 without a percentage. */
export function expSimilarityScore(prediction: string, reference: string): number {
  const gold = findPercentage(reference);
  if (gold === undefined) throw new Error(`the reference ${JSON.stringify(reference)} holds no percentage`);
  const predicted = findPercentage(prediction);
  if (predicted === undefined) return 0;
  return 0.5 ** (Math.abs(gold - predicted) / 10);
}

/** `[^0-9\s,]` with Python's `\s`. */
const NOT_ID_CHARACTER = new RegExp(`[^0-9,${PYTHON_WHITESPACE_CLASS.slice(1, -1)}]`, "gu");

/** concordance_index.py `normalize_answer`: the integers of the text in order ([] if one is not an integer). */
export function summaryIds(text: string): number[] {
  const kept = text.replace(NOT_ID_CHARACTER, "").replaceAll(",", " ");
  return pythonSplit(kept).map((piece) => Number.parseInt(piece, 10));
}

/** `summ_id_per_location_to_pos_of_id`: `order[id - 1]` = the 1-based place the id is listed at. */
function positionsOfIds(ids: readonly number[]): number[] {
  const order = new Array<number>(ids.length).fill(-1);
  ids.forEach((id, index) => {
    order[id - 1] = index + 1;
  });
  return order;
}

/**
 * lifelines `concordance_index(gold, predicted)` for two orders without ties (all events observed): the share of
 * pairs the two order alike.
 */
function concordance(gold: readonly number[], predicted: readonly number[]): number {
  let pairs = 0;
  let concordant = 0;
  for (let i = 0; i < gold.length; i++) {
    for (let j = i + 1; j < gold.length; j++) {
      const timeDifference = (gold[i] ?? 0) - (gold[j] ?? 0);
      if (timeDifference === 0) continue;
      pairs++;
      const scoreDifference = (predicted[i] ?? 0) - (predicted[j] ?? 0);
      if (scoreDifference === 0) concordant += 0.5;
      else if (Math.sign(scoreDifference) === Math.sign(timeDifference)) concordant++;
    }
  }
  if (pairs === 0) throw new Error("no admissible pairs: the reference lists fewer than two summaries");
  return concordant / pairs;
}

/** concordance_index.py `concordant_index_score`: 0 unless the prediction lists exactly the reference's ids. */
export function concordanceIndexScore(prediction: string, reference: string): number {
  const predicted = summaryIds(prediction);
  const gold = summaryIds(reference);
  const sorted = (ids: readonly number[]) => [...ids].sort((a, b) => a - b).join(",");
  if (sorted(predicted) !== sorted(gold)) return 0;
  return concordance(positionsOfIds(gold), positionsOfIds(predicted));
}

/** Is `ids` 1..n in some order, n ≥ 2 (what concordance_index.py's indexing and lifelines need of a reference)? */
export function isSummaryPermutation(ids: readonly number[]): boolean {
  if (ids.length < 2) return false;
  const seen = new Set(ids);
  return seen.size === ids.length && ids.every((id) => id >= 1 && id <= ids.length);
}

export const ZEROSCROLLS_ROUGE_TYPES: readonly RougeType[] = ["rouge1", "rouge2", "rougeL"];

/**
 * rouge.py through zero_scrolls.py: each type's F-measure (no stemmer), the best over the references for each type
 * separately (`agg_fn=max` per key). rougeLsum is left out: it is not in the geometric mean, and its sentence split
 * is nltk's Punkt; rouge1/2/L do not depend on that split (newlines are separators to the tokenizer).
 */
export function zeroscrollsRouge(
  prediction: string,
  references: readonly string[],
): { rouge1: number; rouge2: number; rougeL: number } {
  const best = { rouge1: 0, rouge2: 0, rougeL: 0 };
  for (const reference of references) {
    const scores = rougeScore(reference, prediction, ZEROSCROLLS_ROUGE_TYPES);
    best.rouge1 = Math.max(best.rouge1, scores.rouge1.fmeasure);
    best.rouge2 = Math.max(best.rouge2, scores.rouge2.fmeasure);
    best.rougeL = Math.max(best.rougeL, scores.rougeL.fmeasure);
  }
  return best;
}
