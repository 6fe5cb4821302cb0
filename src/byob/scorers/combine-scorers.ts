// NeMo Evaluator BYOB's `any_of` and `all_of`
// (NVIDIA-NeMo/Evaluator packages/nemo-evaluator/src/nemo_evaluator/contrib/byob/scorers.py@76c865c3c09132c1d102a0a84454c36823f19cff):
// every scorer's values under `<its name>_<key>`, and `correct` when any (all) of them say `correct`.
import { type ScorerFunction, type ScorerInput, type ScorerResult, scorer } from "../scorer.js";

function combine(isAll: boolean, scorers: readonly ScorerFunction[]): ScorerFunction {
  const name = `${isAll ? "all_of" : "any_of"}(${scorers.map((each) => each.name).join(", ")})`;
  const combined = async (sample: ScorerInput): Promise<ScorerResult> => {
    const results: ScorerResult = {};
    let verdict = isAll;
    for (const each of scorers) {
      const values = await (each as (input: ScorerInput) => ScorerResult | Promise<ScorerResult>)(sample);
      for (const [key, value] of Object.entries(values)) results[`${each.name}_${key}`] = value;
      const isCorrect = Boolean(values["correct"]);
      verdict = isAll ? verdict && isCorrect : verdict || isCorrect;
    }
    results["correct"] = verdict;
    return results;
  };
  Object.defineProperty(combined, "name", { value: name });
  return scorer(combined);
}

/** Correct when any of `scorers` says so. */
export function anyOf(...scorers: ScorerFunction[]): ScorerFunction {
  return combine(false, scorers);
}

/** Correct when all of `scorers` say so. */
export function allOf(...scorers: ScorerFunction[]): ScorerFunction {
  return combine(true, scorers);
}
