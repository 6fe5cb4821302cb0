// JSON-mode eval (NousResearch/json-mode-eval, TensorRT-LLM's JsonModeEval task): each row's chat conversation sent
// as it is, its JSON schema as the request's structured-output constraint, the answer scored as TensorRT-LLM scores
// it — defined with the public `benchmark()`.
import { compileBenchmark } from "../../byob/compile-benchmark.js";
import { benchmark } from "../../byob/define-benchmark.js";
import { jsonModeOracle } from "./json-mode-oracle.js";
import { jsonModeScorer } from "./json-mode-scorer.js";

const TRTLLM_EVALUATOR = "0ad3f5d547397ddfd4df435967727d8a633a3149";
const TRTLLM_ACCURACY_CORE = "3e906a0ed7c66ed4df90aa4856bf1a6c98ca7df6";

export const jsonModeEvalDefinition = benchmark({
  name: "json_mode_eval",
  description:
    "JSON-mode eval: 100 chats whose answer must be JSON valid against a schema and equal to the reference.",
  // Without --data-dir the Hub's NousResearch/json-mode-eval (train); with it, <data-dir>/json_mode_eval/train.jsonl.
  dataset: "hf://NousResearch/json-mode-eval?split=train",
  messagesField: "prompt",
  structuredOutput: { schemaField: "schema" },
  targetField: "completion",
  maxNumFewshot: 0,
  recipes: [
    {
      name: "trtllm",
      description:
        "TensorRT-LLM JsonModeEval: the row's messages, its schema as guided JSON, 512 tokens, parse + jsonschema + equality",
      sources: [
        {
          repository: "NVIDIA/TensorRT-LLM",
          path: "tensorrt_llm/evaluate/json_mode_eval.py",
          pin: TRTLLM_EVALUATOR,
        },
        {
          repository: "NVIDIA/TensorRT-LLM",
          path: "tests/integration/defs/accuracy/accuracy_core.py",
          pin: TRTLLM_ACCURACY_CORE,
        },
      ],
      grader: jsonModeScorer,
      endpointType: "chat",
      defaultParams: { maxTokens: 512, temperature: 0 },
    },
  ],
  oracle: jsonModeOracle,
});

export const jsonModeEval = compileBenchmark(jsonModeEvalDefinition);
