// Fetches BIG-Bench-Hard's cot-prompts/<task>.txt from the pinned commit (or a mirror) once, verified and cached.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Dispatcher } from "undici";
import type { ReadProgress } from "../../core/read-progress.js";
import { resolveDatasetSettings } from "../../datasets/resolve-dataset-settings.js";
import { DatasetError } from "../../errors.js";
import type { Sleep } from "../../net/abortable-sleep.js";
import { downloadToCache } from "../../net/download-to-cache.js";
import {
  ChecksumMismatchError,
  DownloadTooLargeError,
  HttpStatusError,
  IncompleteDownloadError,
  NetworkError,
} from "../../net/net-errors.js";
import {
  bbhPromptHashError,
  bbhPromptOfflineError,
  bbhPromptStatusError,
  bbhPromptUnreachableError,
} from "./bbh-prompt-errors.js";
import { BBH_PROMPT_SHA256, BBH_PROMPTS_COMMIT, bbhPromptsBaseUrl } from "./bbh-prompt-source.js";
import type { BbhTask } from "./bbh-tasks.js";

export interface FetchBbhPromptOptions {
  /** `LLM_BENCH_BBH_PROMPTS_URL`, `LLM_BENCH_CACHE`, `HF_HUB_OFFLINE` (offline: read only the cache). */
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

/** The prompt files are a few KB; anything far larger is not one. */
const MAX_BYTES = 1024 * 1024;

/** `{cacheDir}/prompts/bbh/{commit}/{task}.txt`. */
export function bbhPromptCachePath(cacheDir: string, task: BbhTask): string {
  return path.join(cacheDir, "prompts", "bbh", BBH_PROMPTS_COMMIT, `${task}.txt`);
}

/**
 * The text of `cot-prompts/<task>.txt`: from the cache when a copy with the pinned SHA-256 is there, else
 * downloaded from `LLM_BENCH_BBH_PROMPTS_URL` (default the pinned GitHub commit) into the cache with
 * `downloadToCache`, which checks it against the pinned SHA-256. With `HF_HUB_OFFLINE` set only the cache is read.
 */
export async function fetchBbhPromptText(task: BbhTask, options: FetchBbhPromptOptions): Promise<string> {
  const settings = resolveDatasetSettings({
    env: options.env,
    ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
  });
  const expected = BBH_PROMPT_SHA256[task];
  const cachePath = bbhPromptCachePath(settings.cacheDir, task);
  const cached = await readFile(cachePath).catch(() => undefined);
  if (cached !== undefined && sha256(cached) === expected) return cached.toString("utf8");
  if (settings.isOffline) {
    const detail = cached === undefined ? "never downloaded" : "the cached copy is corrupted: wrong SHA-256";
    throw bbhPromptOfflineError({ task, cachePath, detail });
  }
  const url = `${bbhPromptsBaseUrl(options.env)}/${task}.txt`;
  const { signal, onProgress } = options;
  const label = `BIG-Bench-Hard cot-prompts/${task}.txt`;
  try {
    await downloadToCache({
      url,
      destination: cachePath,
      expectedSha256: expected,
      maxBytes: MAX_BYTES,
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
    throw bbhDownloadError(error, { task, url, cachePath });
  }
  return readFile(cachePath, "utf8");
}

function bbhDownloadError(
  error: unknown,
  context: { task: BbhTask; url: string; cachePath: string },
): unknown {
  const { task, url } = context;
  if (error instanceof ChecksumMismatchError) {
    return bbhPromptHashError({ task, url, expected: error.expectedSha256, actual: error.actualSha256 });
  }
  if (error instanceof HttpStatusError) return bbhPromptStatusError({ task, url, status: error.status });
  if (error instanceof NetworkError || error instanceof IncompleteDownloadError) {
    return bbhPromptUnreachableError({ task, url, cause: error });
  }
  if (error instanceof DownloadTooLargeError) {
    return new DatasetError(
      `${url} sent more than ${MAX_BYTES} bytes: it is not the BIG-Bench-Hard prompt file for ${task}.`,
      { code: "E_DATASET_HTTP" },
    );
  }
  if (error instanceof DatasetError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new DatasetError(
    `Cannot write the BIG-Bench-Hard prompt cache file ${context.cachePath} (${reason}). Set LLM_BENCH_CACHE to a writable directory.`,
    { code: "E_DATASET_CACHE", cause: error },
  );
}

function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}
