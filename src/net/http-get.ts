// One GET through undici that follows redirects itself, so a bearer token only ever goes to the origin it is for.
import type { IncomingHttpHeaders } from "node:http";
import { type Dispatcher, request } from "undici";
import { HttpStatusError, NetworkError } from "./net-errors.js";

export interface HttpGetOptions {
  /** `Authorization: Bearer <token>` for URLs of `origin` only (`HF_TOKEN` for `HF_ENDPOINT`, never a CDN). */
  bearer?: { token: string; origin: string } | undefined;
  /** Extra request headers (`accept`, `range`, `if-range`…), sent on every hop. */
  headers?: Record<string, string> | undefined;
  dispatcher?: Dispatcher | undefined;
  /** Limit on waiting for response headers, and on silence between body chunks. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

export interface HttpGetResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Dispatcher.ResponseData["body"];
  /** The URL that answered, after redirects. */
  url: URL;
  /** Each redirect answer followed, in order (the Hub names an LFS file's SHA-256 there). */
  redirects: { url: URL; headers: IncomingHttpHeaders }[];
}

const MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * GETs `url`, following up to 10 redirects (to any host). A failure to connect or a timeout rejects with a
 * NetworkError (an abort with the signal's reason). The caller must consume or dump the returned body.
 */
export async function httpGet(url: string, options: HttpGetOptions): Promise<HttpGetResponse> {
  const redirects: HttpGetResponse["redirects"] = [];
  let current = new URL(url);
  for (let hop = 0; ; hop++) {
    const headers: Record<string, string> = { "user-agent": "llm-benchmarker", ...options.headers };
    if (options.bearer !== undefined && current.origin === options.bearer.origin) {
      headers["authorization"] = `Bearer ${options.bearer.token}`;
    }
    let response: Dispatcher.ResponseData;
    try {
      response = await request(current, {
        method: "GET",
        headers,
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    } catch (error) {
      options.signal?.throwIfAborted();
      throw new NetworkError(current.href, error);
    }
    const location = response.headers["location"];
    if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === "string" && hop < MAX_REDIRECTS) {
      await response.body.dump();
      redirects.push({ url: current, headers: response.headers });
      current = new URL(location, current);
      continue;
    }
    return {
      statusCode: response.statusCode,
      headers: response.headers,
      body: response.body,
      url: current,
      redirects,
    };
  }
}

/** Reads the rest of an unwanted answer into an HttpStatusError (retryable as openai-node decides). */
export async function httpStatusError(response: HttpGetResponse): Promise<HttpStatusError> {
  const responseText = await response.body.text().catch(() => "");
  return new HttpStatusError({
    url: response.url.href,
    status: response.statusCode,
    headers: response.headers,
    responseText,
  });
}
