// The headline of a recipe that is not judged by accuracy (`Recipe.headline`): its metric's mean and 95% CI on the
// reference's scale (rouge1 × 100, perplexity × 1), and which way is better — what the console leads with and `gate`
// judges.
import type { HeadlineScore } from "../core/headline-score.js";
import type { ScoreMetric } from "./summarize-scores.js";

export interface HeadlineSummary {
  metric: string;
  scale: number;
  higherIsBetter: boolean;
  /** The metric's mean (or pooled ratio) × scale. */
  value: number;
  ci95: [number, number];
  standardError: number;
  /** Samples that carried the metric. */
  count: number;
}

/** undefined when no graded sample carried the metric (every request failed, or another grader was chosen). */
export function summarizeHeadline(
  metrics: readonly ScoreMetric[],
  headline: HeadlineScore,
): HeadlineSummary | undefined {
  const metric = metrics.find((candidate) => candidate.name === headline.metric);
  if (metric === undefined) return undefined;
  const { scale } = headline;
  return {
    metric: headline.metric,
    scale,
    higherIsBetter: headline.higherIsBetter,
    value: metric.mean * scale,
    ci95: [metric.ci95[0] * scale, metric.ci95[1] * scale],
    standardError: metric.standardError * scale,
    count: metric.count,
  };
}

/** `rouge1 × 100`, `perplexity`: how the headline is named in tables. */
export function headlineLabel(headline: Pick<HeadlineSummary, "metric" | "scale">): string {
  return headline.scale === 1 ? headline.metric : `${headline.metric} × ${headline.scale}`;
}
