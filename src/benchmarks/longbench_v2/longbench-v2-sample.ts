// One LongBench v2 question as the benchmark keeps it: the row's fields but its context, which stays in data.json
// (read back by `context` when the sample's prompt is built).
import type { BenchmarkSample } from "../types.js";
import type { LongbenchV2PromptFields } from "./longbench-v2-prompt.js";

/** Reads a row's context back from where the rows were read. */
export interface LongbenchV2ContextReader {
  read(): Promise<string>;
  /** The same, synchronously: for `buildPrompt`, which is synchronous. */
  readSync(): string;
}

export interface LongbenchV2Sample extends BenchmarkSample, Omit<LongbenchV2PromptFields, "context"> {
  /** The domain (the task): Single-Document QA, Multi-Document QA, Long In-context Learning … */
  readonly domain: string;
  readonly subDomain: string;
  readonly difficulty: "easy" | "hard";
  readonly length: "short" | "medium" | "long";
  readonly facets: { readonly difficulty: string; readonly length: string };
  readonly context: LongbenchV2ContextReader;
  /** The run's middle cut of a prompt to `--max-context-tokens` (shared by every sample of the load). */
  readonly fitToBudget: (prompt: string) => Promise<string>;
}
