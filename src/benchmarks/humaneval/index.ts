// HumanEval (Chen et al., 2021): 164 Python functions to complete, graded by running their tests in the sandbox —
// defined with the public `benchmark()`, in two recipes: the llm-benchmarker spec's chat recipe and human-eval's own.
import { compileBenchmark } from "../../byob/compile-benchmark.js";
import { benchmark } from "../../byob/define-benchmark.js";
import { humanevalOracle } from "./humaneval-oracle.js";
import { humanevalRowSchema } from "./humaneval-rows.js";
import { humanevalRougeScorer, humanevalScorer } from "./humaneval-scorer.js";

const HUMAN_EVAL = "6d43fb980f9fee3c892a914eda09951f772ad10d";
/** NVIDIA/TensorRT-LLM examples/summarize.py and the accuracy suite's task constants, as read. */
const TRTLLM_SUMMARIZE = "010c4b27120c06d25c5f860fada9ba748801e0da";
const TRTLLM_ACCURACY_CORE = "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6";
const LM_EVAL = "4e7e0d47f33bc71070c1d38394bafbb52b117163";
/** The git blob id of the llm-benchmarker spec README read (../shared/spec/003_852b0385b2a1215b.txt). */
const SPEC_README = "eec5f6b85bde1290cd6c35036944e9695ff86db9";

/** The spec's system prompt for HumanEval. */
export const SPEC_SYSTEM_PROMPT =
  "You are an expert Python programmer. Complete the function as requested. Return only code, no explanations.";

export const humanevalDefinition = benchmark({
  name: "humaneval",
  description:
    "HumanEval: 164 Python functions to complete; each answer's tests run in the sandbox (pass@k).",
  // Without --data-dir the Hub's openai/openai_humaneval; with it, <data-dir>/humaneval/test.jsonl.
  dataset: "hf://openai/openai_humaneval/openai_humaneval?split=test",
  rowSchema: humanevalRowSchema,
  targetField: "canonical_solution",
  prompt: "{prompt}",
  sampleId: (row) => String(row["task_id"]),
  maxNumFewshot: 0,
  executesCode: true,
  recipes: [
    {
      name: "spec",
      description:
        "llm-benchmarker spec: expert-programmer system prompt, max_tokens 512, fences stripped, body or whole function, 10 s",
      sources: [{ repository: "llm-benchmarker", path: "README.md", pin: SPEC_README }],
      grader: humanevalScorer("spec", 10),
      graders: { rouge: humanevalRougeScorer("spec") },
      endpointType: "chat",
      systemPrompt: SPEC_SYSTEM_PROMPT,
      defaultParams: { maxTokens: 512, temperature: 0 },
    },
    {
      name: "openai",
      description:
        "human-eval: the prompt as is on /completions, the Codex stop sequences, its 3 s timeout and passed/failed/timed out",
      sources: [
        { repository: "openai/human-eval", path: "human_eval/execution.py", pin: HUMAN_EVAL },
        { repository: "openai/human-eval", path: "human_eval/evaluation.py", pin: HUMAN_EVAL },
        {
          repository: "EleutherAI/lm-evaluation-harness",
          path: "lm_eval/tasks/humaneval/humaneval.yaml",
          pin: LM_EVAL,
        },
      ],
      grader: humanevalScorer("openai", 3),
      graders: { rouge: humanevalRougeScorer("openai") },
      endpointType: "completions",
      defaultParams: {
        maxTokens: 1024,
        temperature: 0,
        stop: ["\nclass", "\ndef", "\n#", "\nif", "\nprint"],
      },
    },
    {
      name: "trtllm",
      description:
        "TensorRT-LLM accuracy suite Humaneval: summarize.py --eval_task code_completion (the prompt stripped, its first " +
        "924 tokens, raw completion text), 100 greedy tokens; rouge of the completion against the canonical solution, rouge1 × 100",
      sources: [
        { repository: "NVIDIA/TensorRT-LLM", path: "examples/summarize.py", pin: TRTLLM_SUMMARIZE },
        {
          repository: "NVIDIA/TensorRT-LLM",
          path: "tests/integration/defs/accuracy/accuracy_core.py",
          pin: TRTLLM_ACCURACY_CORE,
        },
      ],
      grader: humanevalRougeScorer("trtllm"),
      // `_prepare_inputs`: `curr_text.strip().replace(" n't", "n't")`, nothing appended for code completion.
      prompt: `{# TensorRT-LLM summarize.py code_completion #}{{ prompt | trim | replace(" n't", "n't") }}`,
      endpointType: "completions",
      // Humaneval.MAX_OUTPUT_LEN; summarize.py's sampling defaults are greedy (top_k 1).
      defaultParams: { maxTokens: 100, temperature: 0 },
      // Humaneval.MAX_INPUT_LEN through `tokenizer.encode(..., truncation=True, max_length=924)` (right side).
      truncatePrompt: { maxTokens: 924, side: "right" },
      executesCode: false,
      headline: { metric: "rouge1", scale: 100 },
      taskParams: { alpha: 0.002, beta: 0.2, sigma: 15.08, numSamples: 164 },
    },
  ],
  oracle: humanevalOracle,
});

export const humaneval = compileBenchmark(humanevalDefinition);
