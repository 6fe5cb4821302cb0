// The score a recipe is reported and gated by when it is not accuracy: a scorer metric × a scale, and which way is
// better (CNN/DailyMail's rouge1 × 100; SlimPajama's perplexity, where a rise is the regression).

export interface HeadlineScore {
  /** A metric the recipe's scorer returns (a name of its `Scores`). */
  readonly metric: string;
  /** The metric's mean is multiplied by it for the reference scale (100 for rouge in [0, 1], 1 for perplexity). */
  readonly scale: number;
  /** false when a rise is the regression (perplexity): `gate` puts the threshold above the reference. */
  readonly higherIsBetter: boolean;
  /**
   * How the samples' values become the score. "mean" (default): the metric's mean over the samples (a ratio pooled).
   * "task-mean": each task's value, then the unweighted mean of the tasks' values (ZeroSCROLLS' average). A task's
   * value is the metric's mean, or — for a task whose samples carry every metric of `geometricMeanOf` — the
   * geometric mean of those metrics' means (ZeroSCROLLS' rouge tasks: of the rouge1, rouge2 and rougeL means).
   */
  readonly aggregate?: "mean" | "task-mean";
  readonly geometricMeanOf?: readonly string[];
}
