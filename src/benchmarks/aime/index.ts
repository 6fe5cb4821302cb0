// AIME 2024 as aiperf's trt-llm-recipe-aligned `aime`: Maxwell-Jia/AIME_2024, 8 inline CoT shots, graded by `math`.
// Matched: ai-dynamo/aiperf src/aiperf/accuracy/benchmarks/aime.py@21694629b214ff983a116f5a60315496b709445d
import { z } from "zod";
import { defineMathBenchmark } from "../math-common/define-math-benchmark.js";
import { AIPERF_AIME_FORMAT } from "./aiperf-aime-format.js";

export { AIME_SYSTEM_PROMPT } from "./aiperf-aime-format.js";

/** aiperf's commit "feat(accuracy): implement AIME accuracy benchmark (#849)". */
const AIPERF_AIME_COMMIT = "21694629b214ff983a116f5a60315496b709445d";

const rowSchema = z.looseObject({
  ID: z.string(),
  Problem: z.string(),
  Solution: z.string(),
  Answer: z.union([z.number(), z.string(), z.bigint()]),
});

export const aime = defineMathBenchmark({
  name: "aime",
  description:
    "AIME 2024 (30 problems), aiperf's trt-llm-recipe-aligned prompt: 8 inline **Problem**/**Solution**/**Answer** shots.",
  dataset: "Maxwell-Jia/AIME_2024 (default, train)",
  recipes: [
    {
      recipe: {
        name: "aiperf",
        description:
          "aiperf's aime (trt-llm recipe's DeepEval AIMETemplate): header, 8 inline CoT shots, one user message",
        sources: [
          {
            repository: "ai-dynamo/aiperf",
            path: "src/aiperf/accuracy/benchmarks/aime.py",
            pin: AIPERF_AIME_COMMIT,
          },
          {
            repository: "ai-dynamo/aiperf",
            path: "src/aiperf/dataset/loader/accuracy_dataset_loader.py",
            pin: AIPERF_AIME_COMMIT,
          },
          { repository: "ai-dynamo/aiperf", path: "src/aiperf/plugin/plugins.yaml", pin: AIPERF_AIME_COMMIT },
        ],
        grader: "math",
        defaultNShots: 8,
        defaultCot: true,
        defaultParams: { maxTokens: 32768 },
        chatFewShot: "inline",
      },
      format: AIPERF_AIME_FORMAT,
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
});
