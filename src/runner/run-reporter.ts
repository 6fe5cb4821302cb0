// Hooks a run calls as it goes (vitest's Reporter shape): all optional, all synchronous.

import type { SampleRecord } from "../core/sample-record.js";
import type { ReadProgress } from "../datasets/types.js";
import type { RunOutcome } from "./run-outcome.js";

export interface RunStartInfo {
  runDir: string;
  model: string;
  benchmarks: { name: string; samples: number }[];
  /** Samples this invocation will request. */
  toRequest: number;
  /** Samples already in the journal (a resumed run). */
  alreadyDone: number;
}

export interface RunReporter {
  onDatasetProgress?(progress: ReadProgress): void;
  onRunStart?(info: RunStartInfo): void;
  onSampleEnd?(record: SampleRecord): void;
  onWarning?(message: string): void;
  onRunEnd?(outcome: RunOutcome): void;
}
