// Reads a Hub dataset split: parquet files from the cache, downloading them first unless HF_HUB_OFFLINE is set.
import { stat } from "node:fs/promises";
import path from "node:path";
import type { Dispatcher } from "undici";
import { containedPath } from "../../core/contained-path.js";
import type { ReadProgress } from "../../core/read-progress.js";
import { DatasetError } from "../../errors.js";
import type { Sleep } from "../../net/abortable-sleep.js";
import { downloadToCache } from "../../net/download-to-cache.js";
import { DEFAULT_MAX_RETRIES } from "../../net/retry.js";
import { readParquetRows } from "../local/read-parquet-rows.js";
import type { DatasetSettings } from "../resolve-dataset-settings.js";
import type { DatasetContext, HubFileRef, HubSplitRef, ReadOptions, Row } from "../types.js";
import { describeRef, offlineCacheMissError } from "./hub-errors.js";
import { type HubHttpOptions, HubNotFoundError, hubBearer, toHubError } from "./hub-operation.js";
import { resolveParquetUrls } from "./resolve-parquet-urls.js";
import {
  findMissingFiles,
  MANIFEST_FILE_NAME,
  readSplitManifest,
  type SplitManifest,
  splitCacheDir,
  writeSplitManifest,
} from "./split-cache.js";

export interface HubReaderOptions {
  settings: DatasetSettings;
  dispatcher?: Dispatcher | undefined;
  /** Limit on waiting for headers and on silence mid-body, per request. Default 30 s. */
  timeoutMs?: number | undefined;
  /** Retries after 408/409/429/5xx or a dropped connection (`retry` of src/net/). Default 2. */
  maxRetries?: number | undefined;
  sleep?: Sleep | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ReadProgress) => void) | undefined;
  now?: (() => Date) | undefined;
}

/** Builds `DatasetContext["hub"]`. A split whose manifest and files are cached is read without any network. */
export function createHubReader(options: HubReaderOptions): DatasetContext["hub"] {
  const { settings } = options;
  const http: HubHttpOptions = {
    endpoint: settings.endpoint,
    token: settings.token,
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
  const now = options.now ?? (() => new Date());

  /** One Hub file into the cache: the Hub's token (on its own origin only), limits and retries, progress by label. */
  function download(file: {
    url: string;
    destination: string;
    label: string;
    signal: AbortSignal | undefined;
    onProgress: ((progress: ReadProgress) => void) | undefined;
  }) {
    const { onProgress, label } = file;
    return downloadToCache({
      url: file.url,
      destination: file.destination,
      bearer: hubBearer(http),
      hubOrigin: new URL(http.endpoint).origin,
      timeoutMs: http.timeoutMs,
      dispatcher: http.dispatcher,
      signal: file.signal,
      onProgress:
        onProgress === undefined
          ? undefined
          : ({ bytesDone, bytesTotal }) => onProgress({ kind: "download", label, bytesDone, bytesTotal }),
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      sleep: options.sleep,
    });
  }

  async function readSplit(ref: HubSplitRef, readOptions: ReadOptions = {}): Promise<Row[]> {
    const signals = [options.signal, readOptions.signal].filter((signal) => signal !== undefined);
    const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
    signal?.throwIfAborted();
    const onProgress = readOptions.onProgress ?? options.onProgress;
    const directory = splitCacheDir(settings.cacheDir, ref);
    const cached = await readSplitManifest(directory);
    const missing = cached === undefined ? undefined : await findMissingFiles(directory, cached);
    if (cached !== undefined && missing?.length === 0) return readCachedRows(directory, cached);
    if (settings.isOffline) {
      const detail =
        cached === undefined
          ? `no ${MANIFEST_FILE_NAME} (the split was never downloaded)`
          : `missing or incomplete files: ${(missing ?? []).join(", ")}`;
      throw offlineCacheMissError({ ref, cachePath: directory, detail });
    }
    const retry = {
      maxRetries: options.maxRetries ?? DEFAULT_MAX_RETRIES,
      signal,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    };
    const urls = await resolveParquetUrls(ref, { http, retry });
    const files: SplitManifest["files"] = [];
    for (const [index, url] of urls.entries()) {
      const name = `${String(index).padStart(4, "0")}.parquet`;
      const previous = cached?.files.find((file) => file.name === name && file.url === url);
      if (previous !== undefined && !(missing ?? []).includes(name)) {
        files.push(previous);
        continue;
      }
      const label = `${ref.repo}/${ref.config}/${ref.split} ${name}`;
      const destination = path.join(directory, name);
      const { sizeBytes } = await download({ url, destination, label, signal, onProgress }).catch(
        (error: unknown) => {
          const hubError = toHubError(error, { ref, url, http, signal, partPath: `${destination}.part` });
          if (!(hubError instanceof HubNotFoundError)) throw hubError;
          throw new DatasetError(
            `The Hub listed ${url} for ${describeRef(ref)} but answered 404 when downloading it; try again later.`,
            { code: "E_DATASET_NOT_FOUND" },
          );
        },
      );
      files.push({ name, url, sizeBytes });
    }
    const manifest: SplitManifest = {
      repo: ref.repo,
      config: ref.config,
      split: ref.split,
      endpoint: settings.endpoint,
      downloadedAt: now().toISOString(),
      files,
    };
    await writeSplitManifest(directory, manifest);
    return readCachedRows(directory, manifest);
  }

  /** `{endpoint}/datasets/{repo}/resolve/{revision}/{path}`, cached under `hub-files/{repo}/{revision}/{path}`. */
  async function readRepoFile(ref: HubFileRef, readOptions: ReadOptions = {}): Promise<string> {
    const signals = [options.signal, readOptions.signal].filter((signal) => signal !== undefined);
    const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
    const repoPath = ref.repo.split("/").map(encodeURIComponent).join("/");
    const filePath = ref.path.split("/").map(encodeURIComponent).join("/");
    const label = `${ref.repo}@${ref.revision}/${ref.path}`;
    const destination = containedPath(
      path.join(settings.cacheDir, "hub-files"),
      [ref.repo, encodeURIComponent(ref.revision), ref.path],
      `Hub file ${label}`,
    );
    if (await isCachedFile(destination)) return destination;
    if (settings.isOffline) {
      throw new DatasetError(
        `HF_HUB_OFFLINE is set and ${label} is not in the cache (looked for ${destination}). Run once online to download it.`,
        { code: "E_DATASET_OFFLINE" },
      );
    }
    const url = `${http.endpoint}/datasets/${repoPath}/resolve/${encodeURIComponent(ref.revision)}/${filePath}`;
    const onProgress = readOptions.onProgress ?? options.onProgress;
    await download({ url, destination, label, signal, onProgress }).catch((error: unknown) => {
      const ref0 = { repo: ref.repo, config: `revision ${ref.revision}`, split: ref.path };
      const hubError = toHubError(error, { ref: ref0, url, http, signal, partPath: `${destination}.part` });
      if (!(hubError instanceof HubNotFoundError)) throw hubError;
      throw new DatasetError(
        `The Hub has no file ${ref.path} at revision ${ref.revision} of dataset ${ref.repo} (${url}); check data_files and revision.`,
        { code: "E_DATASET_NOT_FOUND" },
      );
    });
    return destination;
  }

  return { readSplit, readRepoFile };
}

async function isCachedFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function readCachedRows(directory: string, manifest: SplitManifest): Promise<Row[]> {
  const rows: Row[] = [];
  for (const file of manifest.files) {
    const fileRows = await readParquetRows(path.join(directory, file.name), { sizeBytes: file.sizeBytes });
    for (const row of fileRows) rows.push(row);
  }
  return rows;
}
