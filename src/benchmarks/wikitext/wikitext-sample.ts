// One WikiText page as the benchmark keeps it: the page as published (words and bytes are counted on it) and the
// text lm-eval scores (its detokenizer's output).
import type { BenchmarkSample } from "../types.js";

export interface WikitextSample extends BenchmarkSample {
  /** The row's `page`, as published. */
  readonly page: string;
  /** `wikitext_detokenizer(page)`: the text tokenized and scored. */
  readonly text: string;
  /** `len(re.split(r"\s+", page))`. */
  readonly words: number;
  /** `len(page.encode("utf-8"))`. */
  readonly bytes: number;
  /** The `max_length` of the rolling windows: `--max-context-tokens`, else lm-eval's 2048. */
  readonly maxLength: number;
}
