// lm-evaluation-harness's default few-shot sampler for gsm8k: one `random.sample(train, k)` per test doc, in order.
// Source: EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163 — lm_eval/api/samplers.py
// (`ContextSampler.sample`: `self.rnd.sample(self.fewshot_docs(), n)`), lm_eval/api/task.py (`build_all_requests`
// builds every doc's context in doc order; `set_fewshot_seed` → `Random(seed)`), lm_eval/defaults.py
// (`DEFAULT_OTHER_SEED = 1234`, the evaluator's `fewshot_random_seed`).
import { PythonRandom } from "../gpqa_diamond/python-random.js";

/** The seed lm-eval's evaluator gives every task's few-shot sampler unless `--seed` says otherwise. */
export const LM_EVAL_FEWSHOT_SEED = 1234;

/**
 * CPython's `random.sample(population, k)` on a population of `size`, as indices (3.11+; the same draws since 3.2):
 * a small population is drawn from a shrinking pool, a large one by rejection against the set already drawn.
 */
export function pythonSampleIndices(random: PythonRandom, size: number, count: number): number[] {
  if (count < 0 || count > size) {
    throw new RangeError(`random.sample: sample larger than population or is negative (${count} of ${size})`);
  }
  let setSize = 21;
  if (count > 5) setSize += 4 ** Math.ceil(Math.log(count * 3) / Math.log(4));
  const result: number[] = [];
  if (size <= setSize) {
    const pool = Array.from({ length: size }, (_, index) => index);
    for (let drawn = 0; drawn < count; drawn++) {
      const index = random.randbelow(size - drawn);
      result.push(pool[index] ?? 0);
      pool[index] = pool[size - drawn - 1] ?? 0;
    }
    return result;
  }
  const selected = new Set<number>();
  for (let drawn = 0; drawn < count; drawn++) {
    let index = random.randbelow(size);
    while (selected.has(index)) index = random.randbelow(size);
    selected.add(index);
    result.push(index);
  }
  return result;
}

/**
 * The train-row indices of each test doc's `count` shots: draw `d` of one `Random(seed)` is test doc `d`'s, so a
 * doc's shots depend only on its place in the test split (lm-eval's `--limit N` keeps the first N docs' shots).
 */
export function lmEvalFewshotIndices(
  testCount: number,
  trainCount: number,
  count: number,
  seed = LM_EVAL_FEWSHOT_SEED,
): number[][] {
  if (count === 0) return Array.from({ length: testCount }, () => []);
  const random = new PythonRandom(seed);
  return Array.from({ length: testCount }, () => pythonSampleIndices(random, trainCount, count));
}
