// Shared plumbing for Hub calls: GETs with the token for HF_ENDPOINT only, `retry`, failures turned into DatasetErrors.
import { existsSync } from "node:fs";
import type { Dispatcher } from "undici";
import type { Sleep } from "../../net/abortable-sleep.js";
import { type HttpGetResponse, httpGet } from "../../net/http-get.js";
import {
  ChecksumMismatchError,
  HttpStatusError,
  IncompleteDownloadError,
  NetworkError,
  SizeMismatchError,
} from "../../net/net-errors.js";
import { retry } from "../../net/retry.js";
import type { HubSplitRef } from "../types.js";
import {
  downloadFailedError,
  gatedDatasetError,
  hubChecksumError,
  hubStatusError,
  hubUnreachableError,
} from "./hub-errors.js";

export interface HubHttpOptions {
  /** `HF_ENDPOINT`, e.g. `https://huggingface.co`. */
  endpoint: string;
  token: string | undefined;
  dispatcher: Dispatcher | undefined;
  /** Limit on waiting for response headers, and on silence between body chunks. */
  timeoutMs: number;
}

export interface HubRetryOptions {
  maxRetries: number;
  signal?: AbortSignal | undefined;
  sleep?: Sleep | undefined;
}

/** Raised for a 404, so the caller can add what exists. */
export class HubNotFoundError extends Error {
  constructor(url: string) {
    super(`HTTP 404 for ${url}`);
    this.name = "HubNotFoundError";
  }
}

/** `Authorization: Bearer HF_TOKEN` for the endpoint's origin only, never for the CDN it redirects to. */
export function hubBearer(http: HubHttpOptions): { token: string; origin: string } | undefined {
  return http.token === undefined ? undefined : { token: http.token, origin: new URL(http.endpoint).origin };
}

/** GETs `url` from the Hub (redirects followed by `httpGet`). */
export function hubGet(
  url: string,
  http: HubHttpOptions,
  options: { signal?: AbortSignal | undefined; accept?: string },
): Promise<HttpGetResponse> {
  return httpGet(url, {
    bearer: hubBearer(http),
    headers: options.accept === undefined ? {} : { accept: options.accept },
    dispatcher: http.dispatcher,
    timeoutMs: http.timeoutMs,
    signal: options.signal,
  });
}

/**
 * Runs a Hub call through `retry` (retryable statuses and dropped connections) and turns what outlasts the retries
 * into a DatasetError naming `url` (see `toHubError`). An abort rejects with the signal's reason.
 */
export async function runHubOperation<T>(
  operation: () => Promise<T>,
  options: HubRetryOptions & { ref: HubSplitRef; url: string; http: HubHttpOptions },
): Promise<T> {
  try {
    return await retry(operation, options);
  } catch (error) {
    throw toHubError(error, options);
  }
}

/**
 * The DatasetError for a failed Hub call: gated (401/403), not found (404, as HubNotFoundError for the caller to
 * enrich), another status, unreachable, a download that broke off, a wrong checksum. Other errors pass through.
 */
export function toHubError(
  error: unknown,
  context: {
    ref: HubSplitRef;
    url: string;
    http: HubHttpOptions;
    signal?: AbortSignal | undefined;
    /** For a download: its `.part` file (mentioned when it holds bytes for the next run). */
    partPath?: string;
  },
): unknown {
  if (context.signal?.aborted === true) return context.signal.reason;
  const { ref, url, http } = context;
  if (error instanceof HttpStatusError) {
    if (error.status === 401 || error.status === 403) {
      return gatedDatasetError({
        ref,
        endpoint: http.endpoint,
        status: error.status,
        hasToken: http.token !== undefined,
      });
    }
    if (error.status === 404) return new HubNotFoundError(error.url);
    return hubStatusError({ ref, url, status: error.status, responseText: error.responseText });
  }
  if (error instanceof NetworkError || error instanceof IncompleteDownloadError) {
    const isBrokenDownload =
      context.partPath !== undefined && !(error instanceof NetworkError && error.isConnectFailure);
    return isBrokenDownload
      ? downloadFailedError({ ref, url, cause: error, partPath: existingFile(context.partPath) })
      : hubUnreachableError({ ref, url, cause: error });
  }
  if (error instanceof ChecksumMismatchError || error instanceof SizeMismatchError)
    return hubChecksumError({ ref, cause: error });
  return error;
}

function existingFile(filePath: string | undefined): string | undefined {
  return filePath !== undefined && existsSync(filePath) ? filePath : undefined;
}
