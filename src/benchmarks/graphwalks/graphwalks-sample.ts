// One GraphWalks row as a sample: the prompt sent as it is, the nodes it should answer, its problem type and file.
import type { BenchmarkSample } from "../types.js";

export interface GraphwalksSample extends BenchmarkSample {
  /** The row's `prompt`: the instructions, the graph's edges and the operation (sent as one user message). */
  readonly prompt: string;
  /** The row's `answer_nodes`. */
  readonly answerNodes: readonly string[];
  /**
   * `problem_type` (`bfs`, `parents`) and `context_bin`: the file the row is published in, which is how OpenAI
   * splits its results (`128k_and_shorter`, `256k_to_1mil`: GPT-4.1's "<128k" and ">128k").
   */
  readonly facets: Readonly<{ problem_type: string; context_bin: string }>;
}
