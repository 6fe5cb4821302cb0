// LongBench v2's recipes: THUDM/LongBench `pred.py` modes — with the context (default) and `--no_context` — each
// 0-shot by default and the two-pass chain of thought with `--cot`.
import type { Recipe, RecipeSource } from "../types.js";
import { longbenchV2CotProgram } from "./longbench-v2-program.js";
import type { LongbenchV2Template } from "./longbench-v2-prompt.js";

/** THUDM/LongBench at the commit whose pred.py, result.py and prompts/ were read. */
export const LONGBENCH_COMMIT = "2e00731f8d0bff23dc4325161044d0ed8af94c1e";

function source(path: string): RecipeSource {
  return { repository: "THUDM/LongBench", path, pin: LONGBENCH_COMMIT };
}

/** Which templates a recipe fills: its 0-shot prompt, and the first request of its chain of thought. */
export interface LongbenchV2Form {
  readonly direct: LongbenchV2Template;
  readonly cotFirst: LongbenchV2Template;
}

/** `query_llm(..., temperature=0.1, max_new_tokens=128)`; the CoT's first request has 1024. */
const DIRECT_PARAMS = { maxTokens: 128, temperature: 0.1 } as const;
const COT_FIRST_PARAMS = { maxTokens: 1024, temperature: 0.1 } as const;

const LONGBENCH_RECIPE: Recipe = {
  name: "longbench",
  description:
    "LongBench v2 pred.py: one user message, prompts/0shot.txt (--cot: 0shot_cot.txt, then 0shot_cot_ans.txt), " +
    "middle-cut to --max-context-tokens, temperature 0.1, max_tokens 128",
  sources: [
    source("pred.py"),
    source("result.py"),
    source("prompts/0shot.txt"),
    source("prompts/0shot_cot.txt"),
    source("prompts/0shot_cot_ans.txt"),
    source("config/model2maxlen.json"),
  ],
  grader: "longbench_v2",
  defaultNShots: 0,
  defaultParams: DIRECT_PARAMS,
  byCot: {
    cot: {
      grader: longbenchV2CotProgram("program longbench_v2 cot", "0shot_cot"),
      defaultParams: COT_FIRST_PARAMS,
    },
  },
};

const NO_CONTEXT_RECIPE: Recipe = {
  name: "longbench-no-context",
  description:
    "LongBench v2 pred.py --no_context: the question and choices without the text (prompts/0shot_no_context.txt), " +
    "measuring memorisation; --cot adds pred.py's answer request",
  sources: [
    source("pred.py"),
    source("result.py"),
    source("prompts/0shot_no_context.txt"),
    source("prompts/0shot_cot_ans.txt"),
  ],
  grader: "longbench_v2",
  defaultNShots: 0,
  defaultParams: DIRECT_PARAMS,
  byCot: {
    cot: {
      // pred.py with --no_context --cot: the no-context template with 1024 tokens, then the answer request.
      grader: longbenchV2CotProgram("program longbench_v2 no-context cot", "0shot_no_context"),
      defaultParams: COT_FIRST_PARAMS,
    },
  },
};

export const LONGBENCH_V2_RECIPES = [LONGBENCH_RECIPE, NO_CONTEXT_RECIPE] as const;

const FORMS: Readonly<Record<string, LongbenchV2Form>> = {
  [LONGBENCH_RECIPE.name]: { direct: "0shot", cotFirst: "0shot_cot" },
  [NO_CONTEXT_RECIPE.name]: { direct: "0shot_no_context", cotFirst: "0shot_no_context" },
};

/** The templates of `recipe` (the default recipe's for an unknown name). */
export function longbenchV2Form(recipe: Pick<Recipe, "name"> | undefined): LongbenchV2Form {
  return FORMS[recipe?.name ?? LONGBENCH_RECIPE.name] ?? { direct: "0shot", cotFirst: "0shot_cot" };
}
