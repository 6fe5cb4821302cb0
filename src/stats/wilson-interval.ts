// The Wilson score interval of a proportion (Wilson 1927): the ps whose score test does not reject p̂ at 95%.
import { normalQuantile } from "./normal-distribution.js";

/** Φ⁻¹(0.975) = 1.959963984540054. */
const Z_95 = normalQuantile(0.975);

/**
 * The 95% Wilson score interval of `successes` out of `total`: the two roots in p of (p̂ − p)² = z²·p(1 − p)/n,
 * i.e. center (p̂ + z²/2n)/(1 + z²/n) ± z/(1 + z²/n)·√(p̂(1 − p̂)/n + z²/4n²). Unlike p̂ ± z·SE it is never
 * empty at 0 or n (0/50 → 0%–7.1%) and stays inside [0, 1]. [0, 1] when there is nothing to estimate from.
 */
export function wilsonInterval(successes: number, total: number): [number, number] {
  if (total <= 0) return [0, 1];
  const proportion = successes / total;
  const zSquaredOverN = (Z_95 * Z_95) / total;
  const denominator = 1 + zSquaredOverN;
  const center = (proportion + zSquaredOverN / 2) / denominator;
  const halfWidth =
    (Z_95 / denominator) * Math.sqrt((proportion * (1 - proportion)) / total + zSquaredOverN / (4 * total));
  // The bounds are exact at 0 and n; rounding must not push them past [0, 1].
  const low = successes <= 0 ? 0 : Math.max(0, center - halfWidth);
  const high = successes >= total ? 1 : Math.min(1, center + halfWidth);
  return [low, high];
}
