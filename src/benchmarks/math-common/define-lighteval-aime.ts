// lighteval's aime24 / aime25: one Hub dataset of 30 problems, the bare problem as prompt, lighteval_expr grading.
import { z } from "zod";
import type { Benchmark } from "../types.js";
import { defineMathBenchmark } from "./define-math-benchmark.js";
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
    description: `AIME ${spec.year} (30 problems), lighteval's ${spec.name}: bare problem, integer answer, Math-Verify grading.`,
    dataset: `${spec.repo} (default, train)`,
    recipes: [
      {
        name: "trtllm",
        description: "the bare problem, as TensorRT-LLM's accuracy suite sends AIME (lighteval's task data)",
        sources: [
          {
            repository: "NVIDIA/TensorRT-LLM",
            path: "tests/integration/defs/accuracy/accuracy_core.py",
            pin: "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6",
          },
        ],
        grader: "lighteval_expr",
        defaultNShots: 0,
        defaultParams: { maxTokens: 32768 },
      },
    ],
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
    query: (sample) => sample.problem,
  });
}
