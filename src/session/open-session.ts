// Opens one session of a run directory — a new run, or a `--resume` of one — and records its end in run.json.
import { join } from "node:path";
import type { SampleRecord } from "../core/sample-record.js";
import type { TokenizerRecord } from "../core/tokenizer.js";
import { toolVersion } from "../core/tool-version.js";
import { removeStaleTemporaries } from "../core/write-file-atomic.js";
import { readJournal } from "../engine/journal.js";
import { OutputWriteError } from "../errors.js";
import type { RunCommand, RunManifest, RunStatus, SessionEntry } from "../results/run-manifest.js";
import { writeRunManifest } from "../results/write-run-results.js";
import { createRunDir } from "./create-run-dir.js";
import type { ResumedRun } from "./resolve-resume.js";

export interface OpenSessionOptions {
  command: RunCommand;
  model: string;
  outputDir: string;
  /** run.json's `config`: the options as resolved (the caller leaves out the API key and the resume path). */
  config: Record<string, unknown>;
  benchmarks: RunManifest["benchmarks"];
  resumed: ResumedRun | undefined;
  startedAt: Date;
  /** The run's tokenizer when already resolved (run.json's `tokenizer`; null: none could be, see RunManifest). */
  tokenizer?: TokenizerRecord | null | undefined;
}

export interface SessionEnd {
  status: RunStatus;
  timestamp: string;
  /** Per-benchmark summaries kept in run.json (default: the earlier ones). */
  summaries?: Record<string, unknown>;
  /** The run's tokenizer, when one was resolved during the session (it replaces the one recorded). */
  tokenizer?: TokenizerRecord | null | undefined;
  /** More fields of this session's entry (a profile's request count, duration and performance summary). */
  entry?: Omit<Partial<SessionEntry>, "started_at" | "ended_at" | "status">;
}

/** What the earlier sessions of a run left: known before a session opens, so it can decide what is left to do. */
export interface EarlierSessions {
  /** 0 for a run's first invocation, 1 for its first resume, and so on. */
  readonly index: number;
  /** The journal (`samples.jsonl`) of the earlier sessions: the last record of each sample, by record key. */
  readonly previous: ReadonlyMap<string, SampleRecord>;
  /** The entries of the earlier sessions. */
  readonly earlierSessions: readonly SessionEntry[];
}

export interface Session extends EarlierSessions {
  readonly runDir: string;
  readonly startedAt: Date;
  /** When the run's first session started (this one's for a new run). */
  readonly createdAt: Date;
  /** Writes the session's end into run.json (once; later calls are ignored). */
  end(end: SessionEnd): void;
  /**
   * `end` for a session that failed: a run.json that cannot be written (the disk that failed the run) is left as it
   * was — the failure being reported matters more, and a resume reads the directory either way.
   */
  endQuietly(end: SessionEnd): void;
}

export function readEarlierSessions(resumed: ResumedRun | undefined): EarlierSessions {
  if (resumed === undefined) return { index: 0, previous: new Map(), earlierSessions: [] };
  const { sessions } = resumed.manifest;
  removeStaleTemporaries(resumed.runDir);
  const previous = readJournal(join(resumed.runDir, "samples.jsonl")).records;
  return { index: sessions.length, previous, earlierSessions: sessions };
}

/** Makes (or reopens) the run directory and writes run.json with a new `running` session entry. */
export function openSession(
  options: OpenSessionOptions,
  earlier = readEarlierSessions(options.resumed),
): Session {
  const { resumed, startedAt } = options;
  const runDir = resumed?.runDir ?? createRunDir(options.outputDir, startedAt, options.model);
  const { previous, earlierSessions } = earlier;
  const iso = startedAt.toISOString();
  const manifest: RunManifest = {
    tool: toolVersion(),
    command: options.command,
    status: "running",
    created_at: resumed?.manifest.created_at ?? iso,
    updated_at: iso,
    model: options.model,
    config: { ...options.config, model: options.model },
    benchmarks: options.benchmarks,
    sessions: [...earlierSessions, { started_at: iso, ended_at: null, status: "running" }],
    summaries: resumed?.manifest.summaries ?? {},
    ...tokenizerField(options.tokenizer === undefined ? resumed?.manifest.tokenizer : options.tokenizer),
    // A merged run resumed stays one: which shards it was made from.
    ...(resumed?.manifest.merged_from === undefined ? {} : { merged_from: resumed.manifest.merged_from }),
  };
  writeRunManifest(runDir, manifest);
  let hasEnded = false;
  return {
    runDir,
    index: earlier.index,
    startedAt,
    createdAt: new Date(manifest.created_at),
    previous,
    earlierSessions,
    end(end) {
      if (hasEnded) return;
      hasEnded = true;
      const last = manifest.sessions[manifest.sessions.length - 1];
      if (last !== undefined) {
        Object.assign(last, end.entry ?? {});
        last.ended_at = end.timestamp;
        last.status = end.status;
      }
      manifest.status = end.status;
      manifest.updated_at = end.timestamp;
      if (end.summaries !== undefined) manifest.summaries = end.summaries;
      if (end.tokenizer !== undefined)
        manifest.tokenizer = end.tokenizer === null ? null : { ...end.tokenizer };
      writeRunManifest(runDir, manifest);
    },
    endQuietly(end) {
      try {
        this.end(end);
      } catch (error) {
        if (!(error instanceof OutputWriteError)) throw error;
      }
    },
  };
}

function tokenizerField(
  record: Readonly<Record<string, unknown>> | TokenizerRecord | null | undefined,
): Pick<RunManifest, "tokenizer"> {
  return record === undefined ? {} : { tokenizer: record === null ? null : { ...record } };
}
