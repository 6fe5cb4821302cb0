// One GraphWalks row as a sample: where its prompt is on disk (sent as it is), the prompt's last characters (how
// the mock server recognises it), the nodes it should answer, its problem type and file.
import type { SpilledText } from "../spilled-texts.js";
import type { BenchmarkSample } from "../types.js";

/** How many characters of the prompt's end a sample keeps: past the last edges, the operation and the format. */
export const GRAPHWALKS_TAIL_CHARACTERS = 4096;

export interface GraphwalksSample extends BenchmarkSample {
  /**
   * Where the row's `prompt` (the instructions, the graph's edges and the operation; sent as one user message) is
   * in the load's spill file.
   */
  readonly prompt: SpilledText;
  /** The prompt's last `GRAPHWALKS_TAIL_CHARACTERS` characters (all of it when shorter). */
  readonly promptTail: string;
  /** The row's `answer_nodes`. */
  readonly answerNodes: readonly string[];
  /**
   * `problem_type` (`bfs`, `parents`) and `context_bin`: the file the row is published in, which is how OpenAI
   * splits its results (`128k_and_shorter`, `256k_to_1mil`: GPT-4.1's "<128k" and ">128k").
   */
  readonly facets: Readonly<{ problem_type: string; context_bin: string }>;
}

/**
 * The last `characters` characters of `prompt` (fewer if that would split a surrogate pair), copied so that the
 * whole prompt is not kept alive by the slice.
 */
export function promptTail(prompt: string, characters: number): string {
  if (prompt.length <= characters) return prompt;
  let start = prompt.length - characters;
  const code = prompt.charCodeAt(start);
  if (code >= 0xdc00 && code <= 0xdfff) start++;
  // A slice of a long string may share its memory; a round trip through bytes makes an independent copy.
  return Buffer.from(prompt.slice(start), "utf8").toString("utf8");
}
