// The HTML report's data model: plain JSON-serialisable values (no Maps, no typed arrays, no undefined) built from
// run, profile and comparison directories; every text is an index into the report's one string table.
import type { ReplicaData } from "./replica-data.js";

/** Version of this model, written into the data so a page can refuse data it does not understand. */
export const REPORT_DATA_VERSION = 1;

/**
 * A text in the string table: the indices of its parts, joined with no separator (`textOf`). Prompt texts are cut
 * into blocks (`splitTextBlocks`) so a few-shot example shared by many prompts is stored once.
 */
export type TextRef = number[];

/** What the sample browser filters on: one status per sample (see `sampleStatus` for the precedence). */
export const SAMPLE_STATUSES = ["correct", "incorrect", "unparsed", "truncated", "error"] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

export interface ChatTurnData {
  role: string;
  content: TextRef;
}

/** A prompt as the journal kept it: chat turns, a completion text, or a long prompt's digest and its tail. */
export type PromptData =
  | { form: "chat"; turns: ChatTurnData[] }
  | { form: "completion"; text: TextRef }
  | {
      form: "digest";
      /** The form of the prompt that was sent. */
      sentForm: "chat" | "completion";
      sha256: string;
      chars: number;
      messages: number | null;
      /** The prompt's last characters (`DIGEST_TAIL_CHARS`). */
      tail: TextRef;
    };

export interface SampleTimingsData {
  /** ms after its session's start. */
  sentAtMs: number;
  /** The session the record was written in (0 = the first invocation, 1 = the first `--resume` …). */
  session: number;
  ttftMs: number | null;
  e2eMs: number;
  itlMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
}

export interface SampleData {
  id: string;
  /** Index into the benchmark's `tasks`. */
  task: number;
  status: SampleStatus;
  /** The failed request's class (`http_500`, `timeout` …); null when it was answered. */
  errorClass: number | null;
  prompt: PromptData;
  response: number;
  reasoning: number;
  extracted: number | null;
  gold: number;
  gradeReason: number;
  finishReason: string;
  timings: SampleTimingsData;
}

export interface AccuracyData {
  value: number;
  /** 95% CI as the result file has it (Wilson's); null in files without one. */
  ci95: [number, number] | null;
  standardError: number | null;
}

export interface TaskData {
  task: string;
  correct: number;
  total: number;
  accuracy: number;
  /** Wilson 95% CI of the task's graded samples. */
  ci95: [number, number];
}

export interface HeadlineData {
  metric: string;
  scale: number;
  isHigherBetter: boolean;
  value: number;
  ci95: [number, number] | null;
  numSamples: number;
}

/** A gate verdict against a registered reference (as `llm-bench gate` gives it), or why there is none. */
export type GateData =
  | {
      task: string;
      metric: string;
      isHigherBetter: boolean;
      reference: number;
      measured: number;
      n: number;
      theta: number;
      threshold: number;
      isPassed: boolean;
      /** `file:line` of the reference used. */
      source: string;
    }
  | { task: string; missing: string };

/** One figure of the server's own metrics scraped during the run (`server_metrics` of the result file). */
export interface ServerMetricData {
  name: string;
  value: number | string | null;
}

/** A benchmark's fault totals as `<benchmark>.json` gives them (results/summarize-faults.ts). */
export interface FaultsData {
  requestsRetried: number;
  samplesRetried: number;
  /** Failed attempts and accepted anomalies by fault class, in the file's (name) order. */
  byClass: [name: string, count: number][];
  samplesFailed: number;
}

export interface BenchmarkData {
  name: string;
  model: string;
  /** The recipe the run followed (run.json); null for runs written before recipes. */
  recipe: string | null;
  /** Graded samples (the accuracy's denominator) and the planned ones. */
  numSamples: number;
  plannedSamples: number | null;
  isComplete: boolean | null;
  /** Micro accuracy over the graded samples, with the file's Wilson CI. */
  accuracy: AccuracyData;
  /** Clustered by task (Miller 2024), when the file has it (more than one task). */
  clustered: { standardError: number; ci95: [number, number] | null } | null;
  /** Unweighted mean of the task accuracies; the file gives no CI for it. */
  macroAccuracy: number | null;
  headline: HeadlineData | null;
  numErrors: number | null;
  numUnparsed: number | null;
  numTruncated: number | null;
  /** The file's fault totals (`faults`: retries and failed attempts by class); null without, or when all are 0. */
  faults: FaultsData | null;
  tasks: TaskData[];
  /** Verdicts against the references directory's files for this benchmark (none when it has no file). */
  gates: GateData[];
  /** The file's `aggregated_metrics` (serving figures of this benchmark's requests: ttft_p50_ms …); {} without. */
  servingMetrics: Record<string, number | null>;
  /** The file's per-replica figures (a run over several `--base-url` replicas); absent with one server. */
  replicas?: ReplicaData[];
  /** The server's scraped metrics (`--scrape-prometheus`), scalar fields; null when not scraped. */
  serverMetrics: ServerMetricData[] | null;
  /** The journal's samples of this benchmark, in journal order (the last record of a sample wins). */
  samples: SampleData[];
}

/** A latency distribution: every value, ascending, in ms rounded to the microsecond. */
export interface DistributionData {
  count: number;
  sortedMs: number[];
}

/** Per-second (by default) buckets of a run's or profile's timeline; times from the first session's start. */
export interface TimelineData {
  bucketMs: number;
  /** Requests that ended in each bucket (answered or not). */
  endedRequests: number[];
  /** Output tokens of the requests that ended in each bucket. */
  outputTokens: number[];
  /** Mean number of requests in flight over each bucket (time-weighted). */
  inFlight: number[];
  /** Failed requests per bucket by error class. */
  errorsByClass: Record<string, number[]>;
}

export interface ServingData {
  ttft: DistributionData;
  itl: DistributionData;
  e2e: DistributionData;
  timeline: TimelineData;
}

export interface RunSection {
  label: string;
  runDir: string;
  command: string;
  model: string;
  status: string;
  createdAt: string;
  benchmarks: BenchmarkData[];
  /** Figures from every benchmark's journal records together (the server served them all). */
  serving: ServingData;
}

export interface RunReportData {
  kind: "run";
  version: number;
  strings: string[];
  run: RunSection;
}
