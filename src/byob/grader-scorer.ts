// A registered grader (`lm_eval_gsm8k_strict`, `math` …) as a BYOB scorer: `{ correct }` from its verdict on the
// response against the target.
import { getGrader, isGraderName } from "../graders/registry.js";
import { type ScorerFunction, type ScorerInput, scorer } from "./scorer.js";

/** The scorer of grader `name`; an unknown name is a ConfigError listing the graders. */
export function graderScorer(name: string): ScorerFunction {
  const grader = getGrader(name);
  const scoreWithGrader = (sample: ScorerInput) => ({
    correct: grader({
      response: sample.response,
      gold: sample.target,
      ...(sample.choices === undefined ? {} : { choices: sample.choices.map((choice) => choice.text) }),
    }).isCorrect,
  });
  Object.defineProperty(scoreWithGrader, "name", { value: name });
  return scorer(scoreWithGrader);
}

export { isGraderName };
