// The SHA-256 the Hugging Face Hub names for an LFS file: `X-Linked-Etag`, else `ETag`, of the Hub's own answers;
// and its size, `X-Linked-Size`.
import type { HttpGetResponse } from "./http-get.js";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** `W/"abc"` or `"abc"` → `abc` (huggingface_hub `_normalize_etag`). */
function normalizeEtag(value: string | string[] | undefined): string | undefined {
  const etag = Array.isArray(value) ? value[0] : value;
  return etag?.replace(/^W\//, "").replace(/^"|"$/g, "");
}

/**
 * The expected SHA-256 (hex) of the file behind `response`, when the Hub said it. huggingface_hub's
 * `get_hf_file_metadata` (file_download.py, commit ee0a4510f4bc15e26cb722be2efc2bdb01383ca0) reads
 * `X-Linked-Etag`, else `ETag`, of the Hub's answer to `/resolve/…`; that etag is the file's SHA-256 for LFS files
 * only (64 hex digits; a git blob's is a 40-digit SHA-1). Here: the last `X-Linked-Etag` among the answers from
 * `hubOrigin` (its redirects and, for a mirror that serves the file itself, its final answer), else the `ETag` of
 * the last of them. A CDN's ETag never counts.
 */
export function hubSha256(response: HttpGetResponse, hubOrigin: string): string | undefined {
  const hubAnswers = answersFrom(response, hubOrigin);
  const linked = hubAnswers.findLast((answer) => answer.headers["x-linked-etag"] !== undefined);
  const etag = normalizeEtag(linked?.headers["x-linked-etag"] ?? hubAnswers.at(-1)?.headers["etag"]);
  return etag !== undefined && SHA256_HEX.test(etag) ? etag : undefined;
}

function answersFrom(response: HttpGetResponse, hubOrigin: string) {
  return [...response.redirects, { url: response.url, headers: response.headers }].filter(
    (answer) => answer.url.origin === hubOrigin,
  );
}

/**
 * The size in bytes the Hub names for the file behind `response`: the last `X-Linked-Size` among its answers from
 * `hubOrigin` (huggingface_hub's `get_hf_file_metadata` reads the same header, same commit as above).
 */
export function hubLinkedSize(response: HttpGetResponse, hubOrigin: string): number | undefined {
  const linked = answersFrom(response, hubOrigin).findLast(
    (answer) => answer.headers["x-linked-size"] !== undefined,
  );
  const value = linked?.headers["x-linked-size"];
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;
}
