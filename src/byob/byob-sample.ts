// A BYOB benchmark's sample: one dataset row (after `field_mapping`) with its target and candidates.

import type { BenchmarkSample } from "../benchmarks/types.js";
import type { Row } from "../datasets/types.js";

export interface ByobSample extends BenchmarkSample {
  /** The row's position in the dataset (0-based), NeMo's `sample_id`; `id` is its decimal text. */
  index: number;
  /** The whole row after `field_mapping`: the prompt's fields and the scorer's `metadata`. */
  row: Row;
  /** The prompt template rendered for the row (no few-shot prefix, no system prompt): what every prompt ends with. */
  query: string;
  /** Each recipe's query, by recipe name, when the recipes' prompts differ (the oracle's prompt endings). */
  queries?: Readonly<Record<string, string>>;
  /** `completions_logprob`: the candidates (`choices_field`'s, else `choices`). */
  choices?: readonly string[];
}
