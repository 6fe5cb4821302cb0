// BYOB few-shot examples as NeMo Evaluator draws and renders them
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/eval_logic.py@76c865c3c09132c1d102a0a84454c36823f19cff,
// `build_fewshot_examples`, `render_fewshot_example`, `build_fewshot_prefix`): one seeded draw, the same examples for
// every sample — except that a sample never sees itself (NeMo's draw from the evaluated rows can show it its own
// answer; ours then takes the next drawn row instead).
import { PythonRandom } from "../stats/python-random.js";

/** `random.Random(42)`, NeMo's default few-shot seed. */
export const FEWSHOT_SEED = 42;

/** The pool a few-shot source gives: a separate dataset's first `max(4n, 16)` rows, NeMo's `limit`. */
export function separatePoolLimit(nShots: number): number {
  return Math.max(nShots * 4, 16);
}

/** The pool the evaluated rows give when no separate source does: their last `4n` (NeMo's `pool_size`). */
export function primaryPool<T>(rows: readonly T[], nShots: number): T[] {
  const size = Math.max(nShots * 4, nShots);
  return rows.length > size ? rows.slice(rows.length - size) : [...rows];
}

/**
 * `n` examples for a sample: `Random(42).sample(pool, n)` (the whole pool when it has n or fewer); when `self` is
 * among them, the draw of `n + 1` without it.
 */
export function drawExamples<T>(pool: readonly T[], nShots: number, self?: T): T[] {
  if (nShots === 0) return [];
  const draw = (count: number) =>
    pool.length <= count ? [...pool] : new PythonRandom(FEWSHOT_SEED).sample(pool, count);
  const drawn = draw(nShots);
  if (self === undefined || !drawn.includes(self)) return drawn;
  return draw(nShots + 1)
    .filter((row) => row !== self)
    .slice(0, nShots);
}
