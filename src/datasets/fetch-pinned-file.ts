// Fetches one upstream file pinned by SHA-256 (a benchmark's own files outside the Hub: BIG-Bench-Hard's prompt
// files, τ-bench's repository) once into the cache, verified; offline mode reads only the cache. The caller names
// the file and the way out; the cache check, the download and the error classification live here, once.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Dispatcher } from "undici";
import type { ReadProgress } from "../core/read-progress.js";
import { ConfigError, DatasetError } from "../errors.js";
import type { Sleep } from "../net/abortable-sleep.js";
import { downloadToCache } from "../net/download-to-cache.js";
import {
  ChecksumMismatchError,
  DownloadTooLargeError,
  HttpStatusError,
  IncompleteDownloadError,
  NetworkError,
} from "../net/net-errors.js";
import { type PinnedFileWording, pinnedFileErrors } from "./pinned-file-errors.js";
import { resolveDatasetSettings } from "./resolve-dataset-settings.js";

export type { PinnedFileWording };

export interface FetchPinnedFileOptions {
  /** `LLM_BENCH_CACHE`, `HF_HUB_OFFLINE` (offline: read only the cache), and the caller's mirror variable. */
  env: NodeJS.ProcessEnv;
  /** Default: env `LLM_BENCH_CACHE`, else `~/.cache/llm-benchmarker`. */
  cacheDir?: string | undefined;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: ReadProgress) => void) | undefined;
  /** Limit on waiting for headers and on silence mid-body, per request. Default 30 s. */
  timeoutMs?: number | undefined;
  /** Retries after 408/409/429/5xx or a dropped connection (`retry` of src/net/). Default 2. */
  maxRetries?: number | undefined;
  sleep?: Sleep | undefined;
}

export interface PinnedFile {
  url: string;
  /** The file's place under the cache dir (`/`-separated), e.g. `prompts/bbh/<commit>/<task>.txt`. */
  cachePath: string;
  /** The pinned SHA-256 (hex). */
  sha256: string;
  /** A body larger than this is not the file (its pinned size when known). */
  maxBytes: number;
  /** The progress label of the download. */
  label: string;
  wording: PinnedFileWording;
}

/** `{cacheDir}/{cachePath}`. */
export function pinnedFileCachePath(cacheDir: string, cachePath: string): string {
  return path.join(cacheDir, ...cachePath.split("/"));
}

/**
 * The file's bytes: from the cache when a copy with the pinned SHA-256 is there, else downloaded from `file.url`
 * into the cache with `downloadToCache`, which checks the SHA-256 before anything is put in place. With
 * `HF_HUB_OFFLINE` set only the cache is read. Every failure is a DatasetError in `file.wording` (or the signal's
 * reason when aborted).
 */
export async function fetchPinnedFile(file: PinnedFile, options: FetchPinnedFileOptions): Promise<Buffer> {
  const settings = resolveDatasetSettings({
    env: options.env,
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
  });
  const errors = pinnedFileErrors(file.wording);
  const cachePath = pinnedFileCachePath(settings.cacheDir, file.cachePath);
  const cached = await readFile(cachePath).catch(() => undefined);
  if (cached !== undefined && sha256(cached) === file.sha256) return cached;
  if (settings.isOffline) {
    const detail = cached === undefined ? "never downloaded" : "the cached copy is corrupted: wrong SHA-256";
    throw errors.offline({ cachePath, detail });
  }
  const { url, label } = file;
  const { signal, onProgress } = options;
  try {
    await downloadToCache({
      url,
      destination: cachePath,
      expectedSha256: file.sha256,
      maxBytes: file.maxBytes,
      timeoutMs: options.timeoutMs,
      dispatcher: options.dispatcher,
      signal,
      onProgress:
        onProgress === undefined
          ? undefined
          : ({ bytesDone, bytesTotal }) => onProgress({ kind: "download", label, bytesDone, bytesTotal }),
      maxRetries: options.maxRetries,
      sleep: options.sleep,
    });
  } catch (error) {
    if (signal?.aborted === true) throw signal.reason;
    throw classify(error, errors, { url, cachePath, maxBytes: file.maxBytes });
  }
  return readFile(cachePath);
}

/** The DatasetError a failed download becomes. */
function classify(
  error: unknown,
  errors: ReturnType<typeof pinnedFileErrors>,
  context: { url: string; cachePath: string; maxBytes: number },
): unknown {
  const { url } = context;
  if (error instanceof ChecksumMismatchError) {
    return errors.checksum({ url, expected: error.expectedSha256, actual: error.actualSha256 });
  }
  if (error instanceof HttpStatusError) return errors.status({ url, status: error.status });
  if (error instanceof NetworkError || error instanceof IncompleteDownloadError) {
    return errors.unreachable({ url, cause: error });
  }
  if (error instanceof DownloadTooLargeError) return errors.tooLarge({ url, maxBytes: context.maxBytes });
  if (error instanceof DatasetError) return error;
  return errors.cacheUnwritable({ cachePath: context.cachePath, cause: error });
}

/**
 * The mirror named by `env[urlEnv]` without trailing slashes, else `defaultUrl`. A value that is not an http(s) URL
 * is a ConfigError.
 */
export function mirrorBaseUrl(env: NodeJS.ProcessEnv, urlEnv: string, defaultUrl: string): string {
  const configured = env[urlEnv]?.trim();
  const base = (configured === undefined || configured === "" ? defaultUrl : configured).replace(/\/+$/, "");
  let parsed: URL;
  try {
    parsed = new URL(base);
  } catch (error) {
    throw new ConfigError(`${urlEnv} is not a URL: "${base}".`, { cause: error });
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new ConfigError(`${urlEnv} must be an http(s) URL, got "${base}".`);
  }
  return base;
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
