// MATH-500 as lighteval's math_500: the bare problem; the gold is the full solution, graded by lighteval_latex.
import { z } from "zod";
import { findLastBoxed } from "../../graders/math/find-last-boxed.js";
import { defineMathBenchmark } from "../math-common/define-math-benchmark.js";

const rowSchema = z.looseObject({
  problem: z.string(),
  solution: z.string().regex(/\\boxed/, "expected a solution containing \\boxed{answer}"),
  answer: z.string().nullish(),
  unique_id: z.string().nullish(),
});

export const math500 = defineMathBenchmark({
  name: "math_500",
  description:
    "MATH-500 (OpenAI's PRM800K split of MATH), lighteval's math_500: gold is the full \\boxed{} solution.",
  dataset: "HuggingFaceH4/MATH-500 (default, test)",
  recipes: [
    {
      name: "trtllm",
      description:
        "the bare problem, as TensorRT-LLM's accuracy suite sends MATH-500 (lighteval's task data)",
      sources: [
        {
          repository: "NVIDIA/TensorRT-LLM",
          path: "tests/integration/defs/accuracy/accuracy_core.py",
          pin: "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6",
        },
      ],
      grader: "lighteval_latex",
      defaultNShots: 0,
      defaultParams: { maxTokens: 32768 },
    },
  ],
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
  query: (sample) => sample.problem,
});
