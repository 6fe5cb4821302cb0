// The SHA-256 the Hugging Face Hub names for an LFS file: `X-Linked-Etag`, else `ETag`, of the Hub's own answers.
import type { HttpGetResponse } from "./http-get.js";

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** `W/"abc"` or `"abc"` → `abc` (huggingface_hub `_normalize_etag`). */
function normalizeEtag(value: string | string[] | undefined): string | undefined {
  const etag = Array.isArray(value) ? value[0] : value;
  return etag?.replace(/^W\//, "").replace(/^"|"$/g, "");
}

/**
 * The expected SHA-256 (hex) of the file behind `response`, when the Hub said it. huggingface_hub's
 * `get_hf_file_metadata` (file_download.py, commit ee0a4510f4bc15e26cb722be2efc2bdb01383ca0) follows only the
 * Hub's own (relative) redirects and reads `X-Linked-Etag`, else `ETag`, of the Hub's last answer; that etag is the
 * file's SHA-256 for LFS files only (64 hex digits; a git blob's is a 40-digit SHA-1). A CDN's ETag never counts.
 */
export function hubSha256(response: HttpGetResponse, hubOrigin: string): string | undefined {
  const answers = [...response.redirects, { url: response.url, headers: response.headers }];
  const hubAnswer = answers.filter((answer) => answer.url.origin === hubOrigin).at(-1);
  if (hubAnswer === undefined) return undefined;
  const etag = normalizeEtag(hubAnswer.headers["x-linked-etag"] ?? hubAnswer.headers["etag"]);
  return etag !== undefined && SHA256_HEX.test(etag) ? etag : undefined;
}
