// TensorRT-LLM's accuracy hypothesis test: the threshold a run must reach and the minimum detectable effect θ.
import { normalQuantile } from "./normal-distribution.js";

export interface HypothesisParams {
  /** Standard deviation of one sample's score on the 0–100 scale (50 for right/wrong scores). */
  sigma: number;
  /** False-positive rate: how often a model as good as the reference fails the gate. */
  alpha: number;
  /** False-negative rate: how often a model worse by θ passes it. */
  beta: number;
  /**
   * False for a score where lower is better (perplexity, WER): a regression is a rise, so the threshold lies above
   * the reference. Absent: higher is better.
   */
  higherIsBetter?: boolean;
}

/** √(2σ²/n): the standard error of the difference of two n-sample means. */
function differenceStandardError(sigma: number, n: number): number {
  return Math.sqrt((2 * sigma * sigma) / n);
}

/**
 * threshold − reference = Φ⁻¹(α)·√(2σ²/n): negative, the threshold below the reference; for a lower-is-better score
 * the same distance above it (TensorRT-LLM's `compute_threshold` with the sign flipped). 0 when σ is 0.
 */
export function thresholdOffset(
  params: Pick<HypothesisParams, "sigma" | "alpha" | "higherIsBetter">,
  n: number,
): number {
  const below = normalQuantile(params.alpha) * differenceStandardError(params.sigma, n);
  // `+ 0` turns σ 0's −0 into 0.
  return (params.higherIsBetter === false ? -below : below) + 0;
}

/**
 * θ = −(Φ⁻¹(α) + Φ⁻¹(β))·√(2σ²/n): the smallest drop (a rise, for a lower-is-better score) the test detects with
 * power 1 − β.
 */
export function minimumDetectableEffect(params: HypothesisParams, n: number): number {
  return (
    -(normalQuantile(params.alpha) + normalQuantile(params.beta)) * differenceStandardError(params.sigma, n)
  );
}

export interface ThetaRow {
  numSamples: number;
  theta: number;
  thresholdMinusReference: number;
}

/** Rows for n = 32, 64, 128, … (powers of two below `numSamplesTotal`) and `numSamplesTotal` itself. */
export function thetaTable(params: HypothesisParams, numSamplesTotal: number): ThetaRow[] {
  const sizes: number[] = [];
  for (let n = 32; n < numSamplesTotal; n *= 2) sizes.push(n);
  sizes.push(numSamplesTotal);
  return sizes.map((numSamples) => ({
    numSamples,
    theta: minimumDetectableEffect(params, numSamples),
    thresholdMinusReference: thresholdOffset(params, numSamples),
  }));
}

export interface GateVerdict {
  reference: number;
  measured: number;
  n: number;
  theta: number;
  /**
   * γ = reference + Φ⁻¹(α)·√(2σ²/n): the run passes when measured ≥ γ; for a lower-is-better score γ = reference −
   * Φ⁻¹(α)·√(2σ²/n) and the run passes when measured ≤ γ.
   */
  threshold: number;
  isPassed: boolean;
}

/**
 * Gates a measured score against its reference for a run of n samples: an accuracy (0–100), or a lower-is-better
 * score such as a perplexity (`params.higherIsBetter` false).
 */
export function gateAccuracy(
  input: { reference: number; measured: number; n: number },
  params: HypothesisParams,
): GateVerdict {
  const { reference, measured, n } = input;
  const threshold = reference + thresholdOffset(params, n);
  return {
    reference,
    measured,
    n,
    theta: minimumDetectableEffect(params, n),
    threshold,
    isPassed: n > 0 && (params.higherIsBetter === false ? measured <= threshold : measured >= threshold),
  };
}
