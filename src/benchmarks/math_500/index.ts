// MATH-500: recipes trtllm (bare problem), lighteval-0.10 and lighteval; the gold is the full solution (lighteval_latex).
import { z } from "zod";
import { findLastBoxed } from "../../graders/math/find-last-boxed.js";
import { defineMathBenchmark } from "../math-common/define-math-benchmark.js";
import { lightevalMathRecipes } from "../math-common/lighteval-math-recipes.js";

const rowSchema = z.looseObject({
  problem: z.string(),
  solution: z.string().regex(/\\boxed/, "expected a solution containing \\boxed{answer}"),
  answer: z.string().nullish(),
  unique_id: z.string().nullish(),
});

export const math500 = defineMathBenchmark({
  name: "math_500",
  description:
    "MATH-500 (OpenAI's PRM800K split of MATH), lighteval's math_500 data: gold is the full \\boxed{} solution.",
  dataset: "HuggingFaceH4/MATH-500 (default, test)",
  recipes: lightevalMathRecipes({
    name: "math_500",
    aiperfFile: "math_500.py",
    grader: "lighteval_latex",
    lighteval010MaxTokens: 32768,
    lightevalMaxTokens: 32768,
  }),
  hub: { repo: "HuggingFaceH4/MATH-500", config: "default", split: "test" },
  localPath: "math500/test.jsonl",
  rowSchema,
  toSample: (row, index) => ({
    id: row.unique_id ?? `test/${index}`,
    task: "math_500",
    gold: row.solution,
    problem: row.problem,
    answer: row.answer ?? findLastBoxed(row.solution)?.content ?? "",
    solution: row.solution,
  }),
  maxNShots: 0,
});
