// One ZeroSCROLLS question as the benchmark keeps it: the row's prompt text and character offsets, and its references.
import type { BenchmarkSample } from "../types.js";
import type { ZeroscrollsTask } from "./zeroscrolls-tasks.js";

export interface ZeroscrollsSample extends BenchmarkSample {
  task: ZeroscrollsTask;
  /** The row's `input`: instruction, document, query and answer prefix, as the dataset writes the prompt. */
  input: string;
  /** Every reference answer (the `output` of each row with this `id`; one per sample in the trtllm recipe). */
  references: readonly string[];
  /** `document_start_index` … `query_end_index`: offsets into `input` in code points, as Python indexes a str. */
  documentStart: number;
  documentEnd: number;
  queryStart: number;
  queryEnd: number;
  /** `truncation_seperator` (the dataset's spelling): put between a cut document and the query. */
  truncationSeparator: string;
}
