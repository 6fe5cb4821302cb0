// Hooks a run calls as it goes (vitest's Reporter shape): all optional, all synchronous. `Outcome` is what the run
// returns (`RunOutcome` for `runBenchmarks`), so a reporter that shows only progress needs nothing above core.
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

export interface RunReporter<Outcome = unknown> {
  onDatasetProgress?(progress: ReadProgress): void;
  onRunStart?(info: RunStartInfo): void;
  onSampleEnd?(record: SampleRecord): void;
  onWarning?(message: string): void;
  onRunEnd?(outcome: Outcome): void;
}
