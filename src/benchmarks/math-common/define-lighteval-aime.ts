// aime24 / aime25: one Hub dataset of 30 problems; recipes trtllm (bare problem), lighteval-0.10 and lighteval.
import { z } from "zod";
import type { Benchmark } from "../types.js";
import { defineMathBenchmark } from "./define-math-benchmark.js";
import { lightevalMathRecipes } from "./lighteval-math-recipes.js";
import type { MathProblemSample } from "./math-problem-sample.js";

const rowSchema = z.looseObject({
  problem: z.string(),
  answer: z.union([z.string(), z.number()]),
  solution: z.string().nullish(),
});

export interface LightevalAimeSpec {
  name: "aime24" | "aime25";
  year: number;
  /** The Hub dataset lighteval's task reads (config `default`, split `train`). */
  repo: string;
  /** Path under `--data-dir`. */
  localPath: string;
}

export function defineLightevalAime(spec: LightevalAimeSpec): Benchmark<MathProblemSample> {
  return defineMathBenchmark({
    name: spec.name,
    description: `AIME ${spec.year} (30 problems), lighteval's ${spec.name} data: integer answer, Math-Verify grading.`,
    dataset: `${spec.repo} (default, train)`,
    recipes: lightevalMathRecipes({
      name: spec.name,
      aiperfFile: `${spec.name}.py`,
      grader: "lighteval_expr",
      lighteval010MaxTokens: spec.name === "aime25" ? 10000 : 32768,
      lightevalMaxTokens: undefined,
    }),
    hub: { repo: spec.repo, config: "default", split: "train" },
    localPath: spec.localPath,
    rowSchema,
    toSample: (row, index) => ({
      id: `train/${index}`,
      task: spec.name,
      gold: String(row.answer).trim(),
      problem: row.problem,
      answer: String(Number(row.answer)),
      solution: row.solution ?? undefined,
    }),
    maxNShots: 0,
  });
}
