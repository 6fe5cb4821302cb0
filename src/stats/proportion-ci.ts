// The 95% confidence intervals of an accuracy: Wilson's score interval, and the spec's normal approximation.
import { wilsonInterval } from "./wilson-interval.js";

export interface ProportionEstimate {
  correct: number;
  total: number;
  accuracy: number;
  /** √(p̂(1 − p̂)/n). */
  standardError: number;
  /** The Wilson score interval: the one every table and `accuracy_ci95` show. */
  ci95: [number, number];
  /**
   * The llm-benchmarker spec's `confidence_interval_95` over the 0/1 scores: mean ± 1.96·std/√n with numpy's
   * (population) std, not clamped — kept for scripts written against the spec; null without samples.
   */
  normalCi95: [number, number] | null;
}

export function proportionCi(correct: number, total: number): ProportionEstimate {
  if (total <= 0) {
    return { correct, total, accuracy: 0, standardError: 0, ci95: wilsonInterval(0, 0), normalCi95: null };
  }
  const accuracy = correct / total;
  // For 0/1 scores numpy's std is √(p̂(1 − p̂)), so std/√n is the usual standard error of a proportion.
  const standardError = Math.sqrt((accuracy * (1 - accuracy)) / total);
  return {
    correct,
    total,
    accuracy,
    standardError,
    ci95: wilsonInterval(correct, total),
    normalCi95: [accuracy - 1.96 * standardError, accuracy + 1.96 * standardError],
  };
}
