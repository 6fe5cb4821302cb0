// Aggregates of per-sample ROUGE scores: rouge_score's `BootstrapAggregator` (google-research/google-research
// rouge/scoring.py@0b7b841b4d58aac0854fd6daa3f80ea2724d14b3) and HF evaluate's `rouge` `compute`
// (huggingface/evaluate metrics/rouge/rouge.py@a7dd338386a4fae9a1767e05eb9ef9479513d9e8). Pure and deterministic.
//
// BootstrapAggregator, per rouge type: `resamples` (n_samples, 1000) times draw as many samples as there are, with
// replacement, and take the mean precision, recall and F-measure of the draw (one draw for all three); low, mid and
// high are the (1 − confidence)/2, 50th and 1 − (1 − confidence)/2 percentiles of those means (numpy's linear
// percentile; confidence 0.95 by default). HF evaluate reports the mid F-measure when use_aggregator is true (its
// default) and the per-sample F-measures when false; score_multi when a sample has several references.
//
// The mid is an estimate of the mean of the per-sample scores: the median of the resampled means, which the
// reference draws with numpy's unseeded global generator, so its mid (and low/high) changes from run to run by
// about the sampling error. Ours draws from the `random` it is given (the project's seeded generator), so the same
// seed gives the same numbers; `mean` is the plain mean the mid estimates.
import { ConfigError, DatasetError } from "../errors.js";
import { bootstrapMeanPercentiles } from "../stats/bootstrap-ci.js";
import {
  type DefaultRougeType,
  ROUGE_TYPES,
  type RougeOptions,
  type RougeScore,
  type RougeType,
  rougeScore,
  rougeScoreMulti,
} from "./rouge-score.js";

export interface RougeAggregate {
  low: RougeScore;
  mid: RougeScore;
  high: RougeScore;
  /** The plain mean of the per-sample scores. */
  mean: RougeScore;
}

export interface AggregateRougeOptions {
  /** Uniform numbers in [0, 1): `createSeededRandom(seed)` for reproducible aggregates. */
  random: () => number;
  /** rouge_score's `n_samples` (default 1000). */
  resamples?: number;
  /** rouge_score's `confidence_interval` (default 0.95). */
  confidence?: number;
}

/** `BootstrapAggregator(confidence, resamples)`: `add_scores` for each sample, then `aggregate()`, plus the mean. */
export function aggregateRouge<T extends RougeType>(
  scores: readonly Readonly<Partial<Record<T, RougeScore>>>[],
  options: AggregateRougeOptions,
): Partial<Record<T, RougeAggregate>> {
  const resamples = options.resamples ?? 1000;
  const confidence = options.confidence ?? 0.95;
  if (!(confidence >= 0 && confidence <= 1))
    throw new ConfigError(`ROUGE aggregation confidence must be in [0, 1], got ${confidence}.`);
  if (!(Number.isInteger(resamples) && resamples > 0))
    throw new ConfigError(`ROUGE aggregation resamples must be a positive integer, got ${resamples}.`);
  // The types in the order they were first added, each with its samples in order (rouge_score's defaultdict).
  const byType = new Map<T, RougeScore[]>();
  for (const sample of scores) {
    for (const type of Object.keys(sample) as T[]) {
      const score = sample[type];
      if (score === undefined) continue;
      const list = byType.get(type) ?? [];
      list.push(score);
      byType.set(type, list);
    }
  }
  const tail = ((1 - confidence) / 2) * 100;
  const result: Partial<Record<T, RougeAggregate>> = {};
  for (const [type, list] of byType) {
    const columns = [list.map((s) => s.precision), list.map((s) => s.recall), list.map((s) => s.fmeasure)];
    const [precision, recall, fmeasure] = bootstrapMeanPercentiles(columns, [tail, 50, 100 - tail], {
      random: options.random,
      resamples,
    });
    const at = (index: number): RougeScore => ({
      precision: precision?.[index] ?? Number.NaN,
      recall: recall?.[index] ?? Number.NaN,
      fmeasure: fmeasure?.[index] ?? Number.NaN,
    });
    const mean = (column: readonly number[]) =>
      column.reduce((total, value) => total + value, 0) / column.length;
    result[type] = {
      low: at(0),
      mid: at(1),
      high: at(2),
      mean: {
        precision: mean(columns[0] ?? []),
        recall: mean(columns[1] ?? []),
        fmeasure: mean(columns[2] ?? []),
      },
    };
  }
  return result;
}

export interface ComputeRougeOptions<T extends RougeType> extends RougeOptions {
  /** HF's `rouge_types` (default rouge1, rouge2, rougeL, rougeLsum). */
  rougeTypes?: readonly T[];
}

function perSampleScores<T extends RougeType>(
  predictions: readonly string[],
  references: readonly (string | readonly string[])[],
  options: ComputeRougeOptions<T>,
): Record<T, RougeScore>[] {
  if (predictions.length === 0)
    throw new DatasetError("ROUGE needs at least one prediction with its reference; none were given.");
  if (predictions.length !== references.length)
    throw new DatasetError(
      `ROUGE needs one reference (or list of references) per prediction: got ${predictions.length} predictions and ${references.length} references.`,
    );
  const types = options.rougeTypes ?? (ROUGE_TYPES as readonly RougeType[] as readonly T[]);
  const stemmer = { useStemmer: options.useStemmer ?? false };
  // HF decides once, from the first reference, whether references are lists (score_multi) or strings.
  const isMultiReference = Array.isArray(references[0]);
  return predictions.map((prediction, index) => {
    const reference = references[index] ?? "";
    if (isMultiReference !== Array.isArray(reference))
      throw new DatasetError(
        `ROUGE references must all be strings or all be lists of strings; reference ${index} differs from the first.`,
      );
    return typeof reference === "string"
      ? rougeScore(reference, prediction, types, stemmer)
      : rougeScoreMulti(reference, prediction, types, stemmer);
  });
}

/** HF evaluate `rouge.compute(..., use_aggregator=False)`: each type's per-sample F-measures. */
export function computeRougePerSample<T extends RougeType = DefaultRougeType>(
  predictions: readonly string[],
  references: readonly (string | readonly string[])[],
  options: ComputeRougeOptions<T> = {},
): Record<T, number[]> {
  const scores = perSampleScores(predictions, references, options);
  const result = {} as Record<T, number[]>;
  for (const type of Object.keys(scores[0] ?? {}) as T[])
    result[type] = scores.map((score) => score[type].fmeasure);
  return result;
}

/** HF evaluate `rouge.compute(...)` with its default use_aggregator=True: each type's bootstrap mid F-measure. */
export function computeRouge<T extends RougeType = DefaultRougeType>(
  predictions: readonly string[],
  references: readonly (string | readonly string[])[],
  options: ComputeRougeOptions<T> & AggregateRougeOptions,
): Record<T, number> {
  const aggregates = aggregateRouge(perSampleScores(predictions, references, options), options);
  const result = {} as Record<T, number>;
  for (const [type, aggregate] of Object.entries(aggregates) as [T, RougeAggregate][])
    result[type] = aggregate.mid.fmeasure;
  return result;
}
