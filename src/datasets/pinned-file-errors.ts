// The DatasetErrors of fetching a pinned file, each naming the file, the URL or cache path, and the ways out.
import { DatasetError } from "../errors.js";

/** How the errors speak of the file and what the user can do instead; see `pinnedFileErrors`. */
export interface PinnedFileWording {
  /** The file in a sentence, e.g. "the BIG-Bench-Hard prompt file for navigate". */
  file: string;
  /** The file in the offline error; default `file`. */
  offlineFile?: string;
  /** The cache file in the unwritable-cache error, before its path; default "the cache file for <file>". */
  cacheFile?: string;
  /** The environment variable naming a mirror. */
  urlEnv: string;
  /** The alternative to downloading, e.g. "pass --data-dir DIR with DIR/…". */
  wayOut: string;
}

export interface PinnedFileErrors {
  /** HF_HUB_OFFLINE is set and the cache lacks the file (or holds a corrupted copy). */
  offline(context: { cachePath: string; detail: string }): DatasetError;
  /** The server answered, but the bytes are not the pinned upstream file. */
  checksum(context: { url: string; expected: string; actual: string }): DatasetError;
  /** The server answered with a status other than 200 (after retries for 5xx/429). */
  status(context: { url: string; status: number }): DatasetError;
  /** No connection, a timeout or a dropped body, after retries. */
  unreachable(context: { url: string; cause: unknown }): DatasetError;
  /** The body outgrew the limit: it is not the file. */
  tooLarge(context: { url: string; maxBytes: number }): DatasetError;
  /** The cache could not be written. */
  cacheUnwritable(context: { cachePath: string; cause: unknown }): DatasetError;
}

export function pinnedFileErrors(wording: PinnedFileWording): PinnedFileErrors {
  const { file, urlEnv, wayOut } = wording;
  return {
    offline: ({ cachePath, detail }) =>
      new DatasetError(
        `HF_HUB_OFFLINE is set and ${wording.offlineFile ?? file} is not in the cache (${detail}; looked for ` +
          `${cachePath}). Run once online (without HF_HUB_OFFLINE) to download it, or ${wayOut}.`,
        { code: "E_DATASET_OFFLINE" },
      ),
    checksum: ({ url, expected, actual }) =>
      new DatasetError(
        `${capitalized(file)} downloaded from ${url} does not match the pinned upstream file: SHA-256 ${actual}, ` +
          `expected ${expected}. Nothing was cached. Check ${urlEnv} (a mirror must serve the files unchanged), ` +
          `or ${wayOut}.`,
        { code: "E_DATASET_CHECKSUM" },
      ),
    status: ({ url, status }) =>
      new DatasetError(
        `Downloading ${file} from ${url} failed: HTTP ${status}. Check ${urlEnv} if you set it, or ${wayOut}.`,
        { code: status === 404 ? "E_DATASET_NOT_FOUND" : "E_DATASET_HTTP" },
      ),
    unreachable: ({ url, cause }) =>
      new DatasetError(
        `Cannot download ${file} from ${url} (${reasonOf(cause)}). Check the network or set ${urlEnv} to a ` +
          `mirror; or ${wayOut}.`,
        { code: "E_DATASET_UNREACHABLE", cause },
      ),
    tooLarge: ({ url, maxBytes }) =>
      new DatasetError(`${url} sent more than ${maxBytes} bytes: it is not ${file}.`, {
        code: "E_DATASET_HTTP",
      }),
    cacheUnwritable: ({ cachePath, cause }) =>
      new DatasetError(
        `Cannot write ${wording.cacheFile ?? `the cache file for ${file}`} ${cachePath} (${reasonOf(cause)}). ` +
          "Set LLM_BENCH_CACHE to a writable directory.",
        { code: "E_DATASET_CACHE", cause },
      ),
  };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
