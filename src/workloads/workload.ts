// What `profile` sends: a workload hands out the request of each index, and for benchmarks a grader of the answer.
import type { GenerationRequest, GenerationResult } from "../core/generation.js";
import type { SampleRecord } from "../core/sample-record.js";

export interface WorkloadItem {
  request: GenerationRequest;
  /** The input length the workload asked for (synthetic prompts), shown beside the server's count. */
  targetInputTokens?: number | undefined;
  /** Grades the answer into a journal record (benchmark workloads only). Must not throw. */
  grade?: ((result: GenerationResult) => SampleRecord | Promise<SampleRecord>) | undefined;
}

export interface Workload {
  readonly kind: "synthetic" | "input-file" | "benchmark";
  /** Distinct items: request `index` uses item `index % size`; infinite for synthetic prompts. */
  readonly size: number;
  /** Deterministic: the same index always gives the same request. */
  item(index: number): WorkloadItem;
}
