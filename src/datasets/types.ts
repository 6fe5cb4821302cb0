// How a benchmark reads its rows: from the Hugging Face Hub or from local files, behind one context object.

/** One record as read from a file: field names to raw values, validated later by the benchmark's schema. */
import type { ReadProgress } from "../core/read-progress.js";
export type Row = Record<string, unknown>;

/** A split of a Hub dataset, read from the Hub's parquet conversion (`refs/convert/parquet`). */
export interface HubSplitRef {
  /** `owner/name`, e.g. `cais/mmlu`. */
  repo: string;
  /** The dataset config (subset), e.g. `all` or `main`. */
  config: string;
  split: string;
  /** True for datasets that need `HF_TOKEN` (the error then says so). */
  isGated?: boolean;
}

/** A file of a Hub dataset repository at a revision (a branch, tag or commit). */
export interface HubFileRef {
  repo: string;
  revision: string;
  /** The file's path in the repository, e.g. `data/test-00000.jsonl`. */
  path: string;
}

export const LOCAL_FORMATS = ["jsonl", "json", "csv", "parquet"] as const;
export type LocalFormat = (typeof LOCAL_FORMATS)[number];

export interface ReadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ReadProgress) => void;
}

export interface LocalReadOptions extends ReadOptions {
  /** Defaults to the file's extension (`.jsonl`, `.json`, `.csv`, `.parquet`). */
  format?: LocalFormat;
  /** For `json` files whose rows sit under a key, e.g. `examples` in BIG-Bench-Hard. */
  jsonField?: string;
  /** For `csv` files without a header row: the field names, in column order. */
  csvHeader?: readonly string[];
}

/** What `Benchmark.load` receives. Exactly one of the two sources is used by a run. */
export interface DatasetContext {
  /** Set when the user passed `--data-dir`: read local files, never the Hub. */
  dataDir: string | undefined;
  hub: {
    readSplit(ref: HubSplitRef, options?: ReadOptions): Promise<Row[]>;
    /**
     * Downloads one file of a dataset repository at a revision (`resolve/<revision>/<path>`) into the cache, or
     * finds it there, and returns its local path: the raw `data_files` of a BYOB `hf://` dataset.
     */
    readRepoFile?(ref: HubFileRef, options?: ReadOptions): Promise<string>;
  };
  local: {
    /** Reads one file, `relativePath` from the data dir. Missing file → DatasetError naming the path. */
    readFile(relativePath: string, options?: LocalReadOptions): Promise<Row[]>;
    /** File names (not paths) in `relativeDir` that match `pattern`, sorted. */
    listFiles(relativeDir: string, pattern: RegExp): Promise<string[]>;
  };
  signal?: AbortSignal;
  onProgress?: (progress: ReadProgress) => void;
  /**
   * The environment and cache directory the context was made with, for a benchmark that downloads files of its
   * own (BIG-Bench-Hard's prompt files), so they follow the same `LLM_BENCH_CACHE` / `HF_HUB_OFFLINE` as the Hub.
   */
  downloads?: { env: NodeJS.ProcessEnv; cacheDir: string };
}
