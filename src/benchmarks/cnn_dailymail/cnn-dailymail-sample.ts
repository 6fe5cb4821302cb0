// One CNN/DailyMail test row as the benchmark keeps it: the article to summarise and its highlights (the gold).
import type { BenchmarkSample } from "../types.js";

export interface CnnDailymailSample extends BenchmarkSample {
  /** The row's `article`, as published. */
  readonly article: string;
  /** The row's `highlights`: the reference summary, one highlight a line (rougeLsum's sentences). */
  readonly highlights: string;
}
