// One SlimPajama-6B test document as the benchmark keeps it: the text TensorRT-LLM tokenizes (stripped, " n't"
// joined) and how many tokens it has there (more than 10,000: shorter documents are skipped at load).
import type { BenchmarkSample } from "../types.js";

export interface SlimpajamaSample extends BenchmarkSample {
  /** `text.strip().replace(" n't", "n't")` of the row's `text`. */
  readonly text: string;
  /**
   * The ids scored: the text's with special tokens, the first 16,384 (`slimpajamaIds`), counted with the run's
   * tokenizer at load, where the length filter needs them, so a run does not tokenize the document twice.
   */
  readonly ids: readonly number[];
}
