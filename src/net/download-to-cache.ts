// Downloads a URL into a cache path: a `.part` beside it resumed with Range/If-Range, SHA-256 checked, renamed in place.
import { mkdir, stat } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import type { Dispatcher } from "undici";
import type { Sleep } from "./abortable-sleep.js";
import { acquireDownloadLock } from "./acquire-download-lock.js";
import { type HttpGetOptions, type HttpGetResponse, httpGet, httpStatusError } from "./http-get.js";
import { hubLinkedSize, hubSha256 } from "./hub-sha256.js";
import {
  ChecksumMismatchError,
  DownloadTooLargeError,
  IncompleteDownloadError,
  NetworkError,
  SizeMismatchError,
} from "./net-errors.js";
import { hashFile, PartialDownload } from "./partial-download.js";
import { retry } from "./retry.js";

export interface DownloadProgress {
  bytesDone: number;
  bytesTotal: number | undefined;
}

export interface DownloadToCacheOptions {
  url: string;
  /** The file's place in the cache; the download in progress is `<destination>.part` beside it. */
  destination: string;
  bearer?: HttpGetOptions["bearer"];
  /** The SHA-256 (hex) the file must have, when the caller knows it. */
  expectedSha256?: string | undefined;
  /** The size in bytes the file must have, when the caller knows it. */
  expectedSizeBytes?: number | undefined;
  /**
   * The Hub's origin: without `expectedSha256`/`expectedSizeBytes`, check the SHA-256 and the size the Hub names
   * for LFS files (`hubSha256`, `hubLinkedSize`).
   */
  hubOrigin?: string | undefined;
  /** A body larger than this is not the file the caller wants. */
  maxBytes?: number | undefined;
  /** Limit on waiting for response headers and on silence mid-body, per request. Default 30 s. */
  timeoutMs?: number | undefined;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
  /** Retries after a retryable status, a dropped connection or a cut body (`retry` of src/net/). Default 2. */
  maxRetries?: number | undefined;
  sleep?: Sleep | undefined;
  random?: (() => number) | undefined;
}

export interface DownloadedFile {
  path: string;
  sizeBytes: number;
  sha256: string;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Downloads `url` to `destination`, replacing whatever is there only once the whole file has arrived (and matched
 * its SHA-256 when one is known). Bytes already in `<destination>.part` — from an earlier attempt or an earlier run —
 * are continued with `Range` + `If-Range`; a server that answers 200 instead of 206 starts the file over. Transient
 * failures are retried with `retry` (a connection cut mid-body resumes where it stopped) and the `.part` is kept for
 * next time when they outlast the retries; a wrong checksum or an oversized body deletes it. Rejects with the
 * errors of `net-errors.ts`, a file-system error, or the signal's reason when aborted.
 */
export async function downloadToCache(options: DownloadToCacheOptions): Promise<DownloadedFile> {
  const { destination, signal } = options;
  await mkdir(path.dirname(destination), { recursive: true });
  const before = await fileIdentity(destination);
  const lock = await acquireDownloadLock(`${destination}.lock`, signal);
  try {
    if (lock.hasWaited) {
      const reused = await reuseConcurrentDownload(destination, before, options.expectedSha256);
      if (reused !== undefined) return reused;
    }
    const partial = new PartialDownload(destination, options.url);
    try {
      return await retry(() => downloadAttempt(partial, options), {
        maxRetries: options.maxRetries,
        signal,
        sleep: options.sleep,
        random: options.random,
      });
    } finally {
      await partial.pause();
    }
  } finally {
    await lock.release();
  }
}

async function downloadAttempt(
  partial: PartialDownload,
  options: DownloadToCacheOptions,
): Promise<DownloadedFile> {
  let { offset, validator } = await partial.resumePoint();
  let response = await get(options, offset, validator);
  if (response.statusCode === 416 && offset > 0) {
    // The `.part` is no prefix of the file any more (or all of it): start over.
    await response.body.dump();
    await partial.restart();
    offset = 0;
    response = await get(options, 0, undefined);
  }
  let isBodyRead = false;
  try {
    const bytesTotal = await openBody(partial, response, offset, options.url);
    await partial.begin(validatorOf(response.headers));
    const { maxBytes, onProgress } = options;
    if (maxBytes !== undefined && bytesTotal !== undefined && bytesTotal > maxBytes) {
      await partial.discard();
      throw new DownloadTooLargeError(options.url, maxBytes);
    }
    const expectedSha256 =
      options.expectedSha256?.toLowerCase() ??
      (options.hubOrigin === undefined ? undefined : hubSha256(response, options.hubOrigin));
    const expectedBytes =
      options.expectedSizeBytes ??
      (options.hubOrigin === undefined ? undefined : hubLinkedSize(response, options.hubOrigin));
    const sizeMismatch = async (actualBytes: number, isAtLeast = false) => {
      await partial.discard();
      return new SizeMismatchError({
        url: options.url,
        expectedBytes: expectedBytes ?? 0,
        actualBytes,
        isAtLeast,
      });
    };
    if (expectedBytes !== undefined && bytesTotal !== undefined && bytesTotal !== expectedBytes)
      throw await sizeMismatch(bytesTotal);
    onProgress?.({ bytesDone: partial.bytesDone, bytesTotal });
    const chunks = response.body[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = (await chunks.next()) as IteratorResult<Buffer>;
      } catch (error) {
        options.signal?.throwIfAborted();
        throw new NetworkError(response.url.href, error);
      }
      if (next.done === true) break;
      if (maxBytes !== undefined && partial.bytesDone + next.value.byteLength > maxBytes) {
        await partial.discard();
        throw new DownloadTooLargeError(options.url, maxBytes);
      }
      if (expectedBytes !== undefined && partial.bytesDone + next.value.byteLength > expectedBytes)
        throw await sizeMismatch(expectedBytes, true);
      await partial.append(next.value);
      onProgress?.({ bytesDone: partial.bytesDone, bytesTotal });
    }
    isBodyRead = true;
    if (bytesTotal !== undefined && partial.bytesDone !== bytesTotal) {
      throw new IncompleteDownloadError(
        `The download of ${options.url} ended after ${partial.bytesDone} of ${bytesTotal} bytes.`,
      );
    }
    if (expectedBytes !== undefined && partial.bytesDone !== expectedBytes)
      throw await sizeMismatch(partial.bytesDone);
    const sha256 = partial.digest();
    if (expectedSha256 !== undefined && sha256 !== expectedSha256) {
      await partial.discard();
      throw new ChecksumMismatchError({ url: options.url, expectedSha256, actualSha256: sha256 });
    }
    await partial.commit(options.destination);
    return { path: options.destination, sizeBytes: partial.bytesDone, sha256 };
  } finally {
    if (!isBodyRead) {
      // Destroying a body not yet read aborts its request; nobody waits on that abort, so it is not an error.
      response.body.on("error", () => undefined);
      response.body.destroy();
    }
  }
}

function get(options: DownloadToCacheOptions, offset: number, validator: string | undefined) {
  const headers: Record<string, string> = {};
  if (offset > 0 && validator !== undefined) {
    headers["range"] = `bytes=${offset}-`;
    headers["if-range"] = validator;
  }
  return httpGet(options.url, {
    bearer: options.bearer,
    headers,
    dispatcher: options.dispatcher,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    signal: options.signal,
  });
}

/**
 * Checks the answer and lines the `.part` up with it: a 206 continues at `offset`, a 200 starts the file over.
 * Returns the whole file's size when the answer says it.
 */
async function openBody(
  partial: PartialDownload,
  response: HttpGetResponse,
  offset: number,
  url: string,
): Promise<number | undefined> {
  const { statusCode, headers } = response;
  if (statusCode === 206 && offset > 0) {
    const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(headerText(headers["content-range"]) ?? "");
    if (range === null || Number(range[1]) !== offset) {
      await partial.restart();
      throw new IncompleteDownloadError(
        `${url} answered the resumed download with the range "${headerText(headers["content-range"]) ?? ""}" ` +
          `instead of bytes ${offset}-; the download starts over.`,
      );
    }
    return range[2] === "*" ? undefined : Number(range[2]);
  }
  if (statusCode !== 200) throw await httpStatusError(response);
  if (offset > 0) await partial.restart();
  const length = headerText(headers["content-length"]);
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The strong ETag, else Last-Modified: what If-Range may name (RFC 9110 §13.1.5; a weak ETag may not). */
function validatorOf(headers: IncomingHttpHeaders): string | undefined {
  const etag = headerText(headers["etag"]);
  if (etag !== undefined && !etag.startsWith("W/")) return etag;
  return headerText(headers["last-modified"]);
}

async function fileIdentity(filePath: string): Promise<string | undefined> {
  const info = await stat(filePath).catch(() => undefined);
  return info === undefined ? undefined : `${info.dev}:${info.ino}:${info.mtimeMs}:${info.size}`;
}

/** After waiting for another download of `destination`: the file it put there, if it did (and it matches). */
async function reuseConcurrentDownload(
  destination: string,
  before: string | undefined,
  expectedSha256: string | undefined,
): Promise<DownloadedFile | undefined> {
  const after = await fileIdentity(destination);
  if (after === undefined || after === before) return undefined;
  const { hash, sizeBytes } = await hashFile(destination);
  const sha256 = hash.digest("hex");
  if (expectedSha256 !== undefined && sha256 !== expectedSha256.toLowerCase()) return undefined;
  return { path: destination, sizeBytes, sha256 };
}
