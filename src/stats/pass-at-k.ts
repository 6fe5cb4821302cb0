// The unbiased pass@k estimator of Chen et al. 2021 (Codex): 1 − C(n − c, k) / C(n, k), computed stably.

/** Refuses counts no estimate is defined for: `metric` needs integers 0 ≤ c ≤ n and 1 ≤ k ≤ n. */
function checkCounts(metric: string, n: number, c: number, k: number): void {
  const isInteger = Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k);
  if (!isInteger || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`${metric} needs integers 0 ≤ c ≤ n and 1 ≤ k ≤ n, got n=${n}, c=${c}, k=${k}.`);
  }
}

/** n samples generated for a problem, c of them correct; the chance that at least one of k drawn is correct. */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts("pass@k", n, c, k);
  if (n - c < k) return 1;
  // C(n−c, k)/C(n, k) = Π_{i=n−c+1}^{n} (1 − k/i), the Codex paper's numpy form.
  let product = 1;
  for (let i = n - c + 1; i <= n; i++) product *= 1 - k / i;
  return 1 - product;
}

/** Mean pass@k over problems, each given as its (n, c). */
export function meanPassAtK(problems: readonly { n: number; c: number }[], k: number): number {
  if (problems.length === 0) return 0;
  let sum = 0;
  for (const problem of problems) sum += passAtK(problem.n, problem.c, k);
  return sum / problems.length;
}

/**
 * pass^k (Yao et al. 2024, τ-bench): the chance that k trials drawn from the n are all correct, C(c, k) / C(n, k),
 * as τ-bench's `display_metrics` computes it per task before averaging.
 */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts("pass^k", n, c, k);
  if (c < k) return 0;
  // C(c, k)/C(n, k) = Π_{i=0}^{k−1} (c − i)/(n − i).
  let product = 1;
  for (let i = 0; i < k; i++) product *= (c - i) / (n - i);
  return product;
}
