// AIME 2024 as aiperf's `aime`: Maxwell-Jia/AIME_2024, 8 chain-of-thought shots from the same split, graded by `math`.
import { z } from "zod";
import { defineMathBenchmark } from "../math-common/define-math-benchmark.js";

/** The default system prompt (used when --system-prompt is absent; "" sends none). */
export const AIME_SYSTEM_PROMPT = "Please reason step by step, and put your final answer within \\boxed{}.";

const rowSchema = z.looseObject({
  ID: z.string(),
  Problem: z.string(),
  Solution: z.string(),
  Answer: z.union([z.number(), z.string(), z.bigint()]),
});

export const aime = defineMathBenchmark({
  name: "aime",
  description:
    "AIME 2024 (30 problems), 8 chain-of-thought shots, **Problem**/**Solution**/**Answer** blocks.",
  dataset: "Maxwell-Jia/AIME_2024 (default, train)",
  recipes: [
    {
      name: "aiperf",
      description: "aiperf's aime: 8 chain-of-thought shots in **Problem**/**Solution**/**Answer** blocks",
      sources: [
        {
          repository: "ai-dynamo/aiperf",
          path: "src/aiperf/accuracy/benchmarks/aime.py",
          pin: "627b80a557075d3a8bd55c9d2aa3b2f7c751d0bc",
        },
      ],
      grader: "math",
      defaultNShots: 8,
      defaultCot: true,
      defaultParams: { maxTokens: 32768 },
    },
  ],
  hub: { repo: "Maxwell-Jia/AIME_2024", config: "default", split: "train" },
  localPath: "aime/Maxwell-Jia_AIME_2024_train.parquet",
  rowSchema,
  toSample: (row) => ({
    id: row.ID,
    task: "aime",
    gold: String(row.Answer),
    problem: row.Problem,
    answer: String(row.Answer),
    solution: row.Solution,
  }),
  maxNShots: 8,
  defaultSystemPrompt: AIME_SYSTEM_PROMPT,
  query: (sample) => `**Problem**: ${sample.problem}\n**Answer**: Let's think step-by-step.`,
  example: (sample, isCot) => ({
    query: `**Problem**: ${sample.problem}`,
    target: `${isCot ? `**Solution**: ${sample.solution ?? ""}\n` : ""}**Answer**: ${sample.answer}`,
  }),
  targetDelimiter: "\n",
});
