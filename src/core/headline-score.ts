// The score a recipe is reported and gated by when it is not accuracy: a scorer metric × a scale, and which way is
// better (CNN/DailyMail's rouge1 × 100; SlimPajama's perplexity, where a rise is the regression).

export interface HeadlineScore {
  /** A metric the recipe's scorer returns (a name of its `Scores`). */
  readonly metric: string;
  /** The metric's mean is multiplied by it for the reference scale (100 for rouge in [0, 1], 1 for perplexity). */
  readonly scale: number;
  /** false when a rise is the regression (perplexity): `gate` puts the threshold above the reference. */
  readonly higherIsBetter: boolean;
}
