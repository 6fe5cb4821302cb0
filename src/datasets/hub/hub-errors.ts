// The DatasetErrors the Hub client throws, each saying what failed and how to fix it.
import { DatasetError } from "../../errors.js";
import type { ChecksumMismatchError, SizeMismatchError } from "../../net/net-errors.js";
import type { HubSplitRef } from "../types.js";

/** `owner/name (config "c", split "s")`, for messages. */
export function describeRef(ref: HubSplitRef): string {
  return `${ref.repo} (config "${ref.config}", split "${ref.split}")`;
}

/** 401/403: the dataset is gated or private, or the token lacks access. */
export function gatedDatasetError(options: {
  ref: HubSplitRef;
  endpoint: string;
  status: number;
  hasToken: boolean;
}): DatasetError {
  const { ref, endpoint, status, hasToken } = options;
  const page = `${endpoint}/datasets/${ref.repo}`;
  const message = hasToken
    ? `Access to dataset ${ref.repo} was refused (HTTP ${status}): the token in HF_TOKEN lacks access. ` +
      `Accept the dataset's terms at ${page} with the account that owns the token, or use a token that has access.`
    : `Dataset ${ref.repo} is gated or private (HTTP ${status}) and needs access: request it at ${page}, ` +
      `then set HF_TOKEN to an access token of that account (or pass --data-dir with local files).`;
  return new DatasetError(message, { code: "E_DATASET_GATED" });
}

/** 404: the repo, config or split does not exist; lists what does when the Hub told us. */
export function datasetNotFoundError(options: {
  ref: HubSplitRef;
  endpoint: string;
  available: Record<string, string[]> | undefined;
}): DatasetError {
  const { ref, endpoint, available } = options;
  let detail: string;
  if (available === undefined) {
    detail = `Dataset ${ref.repo} was not found on ${endpoint} (or has no parquet conversion). Check the name.`;
  } else {
    const splits = available[ref.config];
    detail =
      splits === undefined
        ? `Dataset ${ref.repo} has no config "${ref.config}". Available configs: ${listOrNone(Object.keys(available))}.`
        : `Config "${ref.config}" of ${ref.repo} has no split "${ref.split}". Available splits: ${listOrNone(splits)}.`;
  }
  const gatedHint =
    ref.isGated === true ? " The dataset is gated: a 404 can also mean HF_TOKEN is missing." : "";
  return new DatasetError(`Cannot read ${describeRef(ref)}: ${detail}${gatedHint}`, {
    code: "E_DATASET_NOT_FOUND",
  });
}

function listOrNone(names: readonly string[]): string {
  return names.length === 0 ? "(none)" : names.join(", ");
}

/** A connection that failed or timed out, after retries. */
export function hubUnreachableError(options: {
  ref: HubSplitRef;
  url: string;
  cause: unknown;
}): DatasetError {
  const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
  return new DatasetError(
    `Cannot reach the Hugging Face Hub at ${options.url} to read ${describeRef(options.ref)} (${reason}). ` +
      "Check the network and HF_ENDPOINT; or set HF_HUB_OFFLINE=1 to read from the cache, or pass --data-dir with local files.",
    { code: "E_DATASET_UNREACHABLE", cause: options.cause },
  );
}

/** A download that broke off (dropped connection, truncated body, idle timeout), after retries. */
export function downloadFailedError(options: {
  ref: HubSplitRef;
  url: string;
  cause: unknown;
  /** Where the bytes received so far are kept for the next run to continue; undefined when none arrived. */
  partPath: string | undefined;
}): DatasetError {
  const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
  const kept =
    options.partPath === undefined
      ? "nothing was cached"
      : `the bytes received so far are kept in ${options.partPath} and the next run continues from there`;
  return new DatasetError(
    `Downloading ${options.url} for ${describeRef(options.ref)} failed (${reason}); ${kept}. Try again; if the ` +
      "network is down, set HF_HUB_OFFLINE=1 to use the cache or pass --data-dir with local files.",
    { code: "E_DATASET_DOWNLOAD", cause: options.cause },
  );
}

/** The downloaded file does not have the SHA-256 or the size the Hub names for it; it was deleted. */
export function hubChecksumError(options: {
  ref: HubSplitRef;
  cause: ChecksumMismatchError | SizeMismatchError;
}): DatasetError {
  return new DatasetError(
    `${options.cause.message} It was to be part of ${describeRef(options.ref)}; nothing was cached. Try again; ` +
      "if it keeps failing, a proxy or mirror (HF_ENDPOINT) is changing the file.",
    { code: "E_DATASET_CHECKSUM", cause: options.cause },
  );
}

/** Any other unexpected status. */
export function hubStatusError(options: {
  ref: HubSplitRef;
  url: string;
  status: number;
  responseText: string;
}): DatasetError {
  const body = options.responseText.trim().slice(0, 300);
  return new DatasetError(
    `The Hub answered HTTP ${options.status} for ${options.url} while reading ${describeRef(options.ref)}` +
      `${body === "" ? "." : `: ${body}`}`,
    { code: "E_DATASET_HTTP" },
  );
}

/** HF_HUB_OFFLINE is set and the cache does not hold the split. */
export function offlineCacheMissError(options: {
  ref: HubSplitRef;
  cachePath: string;
  detail: string;
}): DatasetError {
  return new DatasetError(
    `HF_HUB_OFFLINE is set and ${describeRef(options.ref)} is not in the cache: ${options.detail} (looked in ` +
      `${options.cachePath}). Run once online (without HF_HUB_OFFLINE) to download it, or pass --data-dir with local files.`,
    { code: "E_DATASET_OFFLINE" },
  );
}
