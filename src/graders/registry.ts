// The typed map of graders by name; `--grader NAME` and each benchmark's default look them up here.
import { ConfigError } from "../errors.js";
import { choiceOrExact } from "./choice-or-exact.js";
import { exactMatch } from "./exact-match.js";
import { firstLetter } from "./first-letter.js";
import { gsmExtract } from "./gsm-extract.js";
import { lightevalExactMatch } from "./lighteval-exact-match.js";
import { lightevalGpqa } from "./lighteval-gpqa.js";
import { lightevalGsm8k } from "./lighteval-gsm8k.js";
import { lightevalExpr, lightevalLatex, lightevalMath, lightevalMath010 } from "./lighteval-math-grader.js";
import { lmEvalAime } from "./lm-eval-aime.js";
import { lmEvalBbhCot, lmEvalBbhFewshot } from "./lm-eval-bbh.js";
import {
  lmEvalGsm8kCotFlexible,
  lmEvalGsm8kCotStrict,
  lmEvalGsm8kFlexible,
  lmEvalGsm8kStrict,
} from "./lm-eval-gsm8k.js";
import { lmEvalMmluGenerative } from "./lm-eval-mmlu-generative.js";
import { longbenchV2 } from "./longbench-v2.js";
import { mathGrader } from "./math-grader.js";
import { mmluProApiExtract, mmluProExtract } from "./mmlu-pro-extract.js";
import { multipleChoice } from "./multiple-choice.js";
import { numberMatch } from "./number-match.js";
import { qwenMathGrader } from "./qwen-math/qwen-math-grader.js";
import { sglangNumber } from "./sglang-number.js";
import { simpleEvalsGpqa } from "./simple-evals-gpqa.js";
import { simpleEvalsMmlu } from "./simple-evals-mmlu.js";
import type { Grader } from "./types.js";

export const graders = {
  multiple_choice: multipleChoice,
  number: numberMatch,
  exact_match: exactMatch,
  choice_or_exact: choiceOrExact,
  math: mathGrader,
  lighteval_expr: lightevalExpr,
  lighteval_latex: lightevalLatex,
  lighteval_math: lightevalMath,
  lighteval_0_10_math: lightevalMath010,
  lighteval_gsm8k: lightevalGsm8k,
  lighteval_gpqa: lightevalGpqa,
  lighteval_exact_match: lightevalExactMatch,
  first_letter: firstLetter,
  simple_evals_mmlu: simpleEvalsMmlu,
  simple_evals_gpqa: simpleEvalsGpqa,
  lm_eval_gsm8k_strict: lmEvalGsm8kStrict,
  lm_eval_gsm8k_flexible: lmEvalGsm8kFlexible,
  lm_eval_gsm8k_cot_strict: lmEvalGsm8kCotStrict,
  lm_eval_gsm8k_cot_flexible: lmEvalGsm8kCotFlexible,
  lm_eval_mmlu_generative: lmEvalMmluGenerative,
  sglang_number: sglangNumber,
  gsm_extract: gsmExtract,
  qwen_math: qwenMathGrader,
  lm_eval_aime: lmEvalAime,
  lm_eval_bbh_cot: lmEvalBbhCot,
  lm_eval_bbh_fewshot: lmEvalBbhFewshot,
  mmlu_pro_extract: mmluProExtract,
  mmlu_pro_api_extract: mmluProApiExtract,
  longbench_v2: longbenchV2,
} satisfies Record<string, Grader>;

export type GraderName = keyof typeof graders;

export const GRADER_NAMES = Object.keys(graders) as GraderName[];

export function isGraderName(name: string): name is GraderName {
  return Object.hasOwn(graders, name);
}

/** The grader called `name`; an unknown name is a ConfigError that lists the graders there are. */
export function getGrader(name: string): Grader {
  if (!isGraderName(name)) {
    throw new ConfigError(`Unknown grader "${name}". Available: ${GRADER_NAMES.join(", ")}.`);
  }
  return graders[name];
}
