// Hooks a run calls as it goes (vitest's Reporter shape): all optional, all synchronous. `Outcome` is what the run
// returns (`RunOutcome` for `runBenchmarks`, `ProfileOutcome` for `runProfile`), so a reporter that shows only
// progress needs nothing above core.
import type { ImageProgress } from "./image-progress.js";
import type { ReadProgress } from "./read-progress.js";
import type { SampleRecord } from "./sample-record.js";

export interface RunStartInfo {
  runDir: string;
  model: string;
  benchmarks: { name: string; samples: number }[];
  /** Samples this invocation will request. */
  toRequest: number;
  /** Samples already in the journal (a resumed run). */
  alreadyDone: number;
}

/** `profile`: its load is about to start. Progress then counts requests (`onRequestEnd`), not samples. */
export interface LoadStartInfo {
  runDir: string;
  model: string;
  /** What is sent, e.g. "gsm8k (1319 samples)" or "synthetic prompts". */
  workload: string;
  /** Requests to send, warmup included; undefined for a run of `durationMs`. */
  requests: number | undefined;
  /** `--duration`: how long the load runs. */
  durationMs: number | undefined;
  /** A benchmark workload: its answers are graded (`onSampleEnd`), and progress shows the running accuracy. */
  isGraded: boolean;
}

export interface RunReporter<Outcome = unknown> {
  onDatasetProgress?(progress: ReadProgress): void;
  /** A container image being pulled or built (a benchmark that works in containers). */
  onImageProgress?(progress: ImageProgress): void;
  onRunStart?(info: RunStartInfo): void;
  onLoadStart?(info: LoadStartInfo): void;
  /** `profile`: every request that ended (warmup included); `isOk` false when it failed. */
  onRequestEnd?(request: { isOk: boolean }): void;
  /** Each graded sample (`run`; `profile` with a benchmark workload). */
  onSampleEnd?(record: SampleRecord): void;
  onWarning?(message: string): void;
  onRunEnd?(outcome: Outcome): void;
}
