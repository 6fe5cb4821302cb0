// The GSM8K benchmark: 1,319 grade-school math problems, graded on the final number, in five reference recipes —
// defined with the same `benchmark()` users define their own benchmarks with (the public API's export).
import { compileBenchmark } from "../../byob/compile-benchmark.js";
import { benchmark } from "../../byob/define-benchmark.js";
import { gsm8kOracle } from "./gsm8k-oracle.js";
import { GSM8K_RECIPES } from "./gsm8k-recipes.js";
import { gsm8kRowSchema } from "./gsm8k-rows.js";

export const gsm8kDefinition = benchmark({
  name: "gsm8k",
  description: "GSM8K: 1,319 grade-school math word problems; the final number is graded.",
  // Without --data-dir the Hub's openai/gsm8k (config main); with it, <data-dir>/gsm8k/{test,train}.jsonl.
  dataset: "hf://openai/gsm8k/main?split=test",
  rowSchema: gsm8kRowSchema,
  targetField: "gold",
  prompt: "Question: {question}\nAnswer:",
  sampleId: (_row, index) => `test/${index}`,
  maxNumFewshot: 8,
  recipes: [...GSM8K_RECIPES],
  oracle: gsm8kOracle,
});

export const gsm8k = compileBenchmark(gsm8kDefinition);
