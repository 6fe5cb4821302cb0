// Multi-IF (facebook/Multi-IF, 4,501 three-turn conversations in 11 languages): each turn adds verifiable
// instructions that turn's answer must follow with the earlier ones — the engine's multi-turn benchmark, defined with
// the public `benchmark()` + `program()`.
import { compileBenchmark } from "../../byob/compile-benchmark.js";
import { benchmark } from "../../byob/define-benchmark.js";
import { multiIfOracle } from "./multi-if-oracle.js";
import { multiIfProgram } from "./multi-if-program.js";
import { multiIfRowSchema } from "./multi-if-rows.js";

const MULTI_IF = "1cdb53ed18499ad729e0766e5d3099dd5344406f";
const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";

/** The languages of Multi-IF's report (`metrics.py` metrics_gen), the tasks `--tasks` picks from. */
export const MULTI_IF_LANGUAGES = [
  "Chinese",
  "English",
  "French",
  "German",
  "Hindi",
  "Italian",
  "Portuguese",
  "Russian",
  "Spanish",
  "Thai",
  "Vietnamese",
] as const;

const MULTI_IF_SOURCES = [
  {
    repository: "facebookresearch/Multi-IF",
    path: "multi_turn_instruct_following_eval_api.py",
    pin: MULTI_IF,
  },
  { repository: "facebookresearch/Multi-IF", path: "metrics.py", pin: MULTI_IF },
  { repository: "facebookresearch/Multi-IF", path: "ifeval.py", pin: MULTI_IF },
] as const;

export const multiIfDefinition = benchmark(
  {
    name: "multi_if",
    description:
      "Multi-IF: 4,501 three-turn conversations in 11 languages; every turn's answer must follow its instructions.",
    // Without --data-dir the Hub's facebook/Multi-IF CSV; with it, <data-dir>/multi_if/multiIF_20241018.csv.
    dataset: "hf://facebook/Multi-IF?data_files=multiIF_20241018.csv",
    rowSchema: multiIfRowSchema,
    targetField: "gold",
    prompt: "{first_prompt}",
    sampleId: (row) => String(row["key"]),
    taskField: "language",
    tasks: [...MULTI_IF_LANGUAGES],
    maxNumFewshot: 0,
    recipes: [
      {
        name: "multi-if",
        description:
          "Multi-IF's API script: the conversation with the model's own answers, max_new_tokens 1024, temperature 0.6, top_p 0.9, seed 42",
        sources: [...MULTI_IF_SOURCES],
        defaultParams: { maxTokens: 1024, temperature: 0.6, seed: 42, extraBody: { top_p: 0.9 } },
      },
      {
        name: "spec",
        description:
          "llm-benchmarker spec: the same conversations and checks, no system prompt, greedy, max_tokens only if --max-tokens",
        sources: [
          { repository: "llm-benchmarker", path: "README.md", pin: SPEC_README },
          ...MULTI_IF_SOURCES,
        ],
        defaultParams: { temperature: 0 },
        isMaxTokensOmitted: true,
      },
    ],
    oracle: multiIfOracle,
  },
  multiIfProgram,
);

export const multiIf = compileBenchmark(multiIfDefinition);
