// lm-evaluation-harness's default few-shot sampler for a task whose few-shot split is not its test split (gsm8k):
// one `random.sample(pool, k)` per test doc, in order.
// Source: EleutherAI/lm-evaluation-harness@4e7e0d47f33bc71070c1d38394bafbb52b117163 — lm_eval/api/samplers.py
// (`ContextSampler.sample`: `self.rnd.sample(self.fewshot_docs(), n)`), lm_eval/api/task.py (`build_all_requests`
// builds every doc's context in doc order; `set_fewshot_seed` → `Random(seed)`), lm_eval/defaults.py
// (`DEFAULT_OTHER_SEED = 1234`, the evaluator's `fewshot_random_seed`).
import { PythonRandom } from "../stats/python-random.js";

/** The seed lm-eval's evaluator gives every task's few-shot sampler unless `--seed` says otherwise. */
export const LM_EVAL_FEWSHOT_SEED = 1234;

/**
 * The pool-row indices of each evaluated doc's `count` shots: draw `d` of one `Random(seed)` is test doc `d`'s, so a
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
  const trainIndices = Array.from({ length: trainCount }, (_, index) => index);
  return Array.from({ length: testCount }, () => random.sample(trainIndices, count));
}
