// IFEval (google/IFEval, train, 541 prompts): verifiable instructions checked by the port of Google's official
// `instruction_following_eval` — defined with the public `benchmark()`.
import { compileBenchmark } from "../../byob/compile-benchmark.js";
import { benchmark } from "../../byob/define-benchmark.js";
import { ifevalOracle } from "./ifeval-oracle.js";
import { ifevalRowSchema } from "./ifeval-rows.js";
import { ifevalScorer } from "./ifeval-scorer.js";

const GOOGLE_IFEVAL = "5b09c22d73a9d35eb6c5d2a99b95677a45053466";
const LM_EVAL = "4e7e0d47f33bc71070c1d38394bafbb52b117163";
const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";

/** The official checks every recipe grades with (strict and loose; `evaluation_lib.py`). */
const GOOGLE_SOURCES = [
  {
    repository: "google-research/google-research",
    path: "instruction_following_eval/evaluation_lib.py",
    pin: GOOGLE_IFEVAL,
  },
  {
    repository: "google-research/google-research",
    path: "instruction_following_eval/instructions.py",
    pin: GOOGLE_IFEVAL,
  },
] as const;

export const ifevalDefinition = benchmark({
  name: "ifeval",
  description:
    "IFEval: 541 prompts with verifiable instructions (Google's checks; prompt/instruction level, strict/loose).",
  // Without --data-dir the Hub's google/IFEval (train); with it, <data-dir>/ifeval/train.jsonl.
  dataset: "hf://google/IFEval?split=train",
  rowSchema: ifevalRowSchema,
  targetField: "gold",
  prompt: "{prompt}",
  sampleId: (row) => String(row["key"]),
  maxNumFewshot: 0,
  recipes: [
    {
      name: "spec",
      description:
        "llm-benchmarker spec: the prompt as is, no system prompt, max_tokens 2048, Google's checks (reasoning removed first)",
      sources: [{ repository: "llm-benchmarker", path: "README.md", pin: SPEC_README }, ...GOOGLE_SOURCES],
      grader: ifevalScorer,
      defaultParams: { maxTokens: 2048, temperature: 0 },
    },
    {
      name: "lm-eval",
      description:
        "lm-evaluation-harness ifeval: the prompt as is, greedy, max_gen_toks 1280, no stop sequence",
      sources: [
        {
          repository: "EleutherAI/lm-evaluation-harness",
          path: "lm_eval/tasks/ifeval/ifeval.yaml",
          pin: LM_EVAL,
        },
        {
          repository: "EleutherAI/lm-evaluation-harness",
          path: "lm_eval/tasks/ifeval/utils.py",
          pin: LM_EVAL,
        },
        ...GOOGLE_SOURCES,
      ],
      grader: ifevalScorer,
      defaultParams: { maxTokens: 1280, temperature: 0 },
    },
  ],
  oracle: ifevalOracle,
});

export const ifeval = compileBenchmark(ifevalDefinition);
