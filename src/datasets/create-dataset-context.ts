// Builds the DatasetContext a benchmark's load() receives: the Hub reader, local files, signal and progress.
import path from "node:path";
import type { Dispatcher } from "undici";
import { containedPath } from "../core/contained-path.js";
import type { ReadProgress } from "../core/read-progress.js";
import { DatasetError } from "../errors.js";
import type { Sleep } from "../net/abortable-sleep.js";
import { createHubReader } from "./hub/create-hub-reader.js";
import { listFiles } from "./local/list-files.js";
import { readLocalFile } from "./local/read-local-file.js";
import { resolveDatasetSettings } from "./resolve-dataset-settings.js";
import type { DatasetContext, LocalReadOptions } from "./types.js";

export interface CreateDatasetContextOptions {
  /** `--data-dir`: when set, benchmarks read local files from here. */
  dataDir?: string | undefined;
  /** Default: env `LLM_BENCH_CACHE`, else `~/.cache/llm-benchmarker`. */
  cacheDir?: string | undefined;
  /** Default `process.env`: `HF_ENDPOINT`, `HF_TOKEN`, `HF_HUB_OFFLINE`, `LLM_BENCH_CACHE`. */
  env?: NodeJS.ProcessEnv | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ReadProgress) => void) | undefined;
  /** undici dispatcher for Hub requests; default undici's global one. */
  dispatcher?: Dispatcher | undefined;
  /** Per-request limit on waiting for headers and on silence mid-body. Default 30 s. */
  requestTimeoutMs?: number | undefined;
  /** Retries after 408/409/429/5xx or a dropped connection (`retry` of src/net/). Default 2. */
  maxRetries?: number | undefined;
  /** Backoff sleep between retries (tests pass a fast one). */
  sleep?: Sleep | undefined;
}

/** Creates a DatasetContext. Throws ConfigError for a malformed `HF_ENDPOINT`. */
export function createDatasetContext(options: CreateDatasetContextOptions = {}): DatasetContext {
  const settings = resolveDatasetSettings({
    env: options.env ?? process.env,
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
  });
  const dataDir = options.dataDir === undefined ? undefined : path.resolve(options.dataDir);
  const hub = createHubReader({
    settings,
    dispatcher: options.dispatcher,
    timeoutMs: options.requestTimeoutMs,
    maxRetries: options.maxRetries,
    sleep: options.sleep,
    signal: options.signal,
    onProgress: options.onProgress,
  });

  function requireDataDir(what: string): string {
    if (dataDir === undefined) {
      throw new DatasetError(`Reading local ${what} needs a data directory: pass --data-dir.`, {
        code: "E_DATASET_NO_DATA_DIR",
      });
    }
    return dataDir;
  }

  const local: DatasetContext["local"] = {
    async readFile(relativePath: string, readOptions: LocalReadOptions = {}) {
      const root = requireDataDir(`file ${relativePath}`);
      const signal = readOptions.signal ?? options.signal;
      const onProgress = readOptions.onProgress ?? options.onProgress;
      return readLocalFile(containedPath(root, [relativePath], "a file under --data-dir"), {
        ...readOptions,
        dataDir: root,
        ...(signal === undefined ? {} : { signal }),
        ...(onProgress === undefined ? {} : { onProgress }),
      });
    },
    async listFiles(relativeDir: string, pattern: RegExp) {
      const root = requireDataDir(`directory ${relativeDir}`);
      return listFiles(containedPath(root, [relativeDir], "a folder under --data-dir"), pattern);
    },
  };

  return {
    dataDir,
    hub,
    local,
    downloads: { env: options.env ?? process.env, cacheDir: settings.cacheDir },
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  };
}
