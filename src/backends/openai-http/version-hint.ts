// The advice for a base URL without an API version segment (`http://h:8000` instead of `http://h:8000/v1`), said
// when such a URL gets a 404 or an answer that is not an OpenAI response.
import { redactUrl } from "../../core/url-secrets.js";

/** A path segment such as `v1`, `v2`, `v1beta`. */
const VERSION_SEGMENT = /(^|\/)v\d+[a-z0-9]*(\/|$)/i;

/** "OpenAI-compatible APIs live under /v1; try --base-url http://h:8000/v1", or undefined when the URL has a version. */
export function versionHint(url: URL): string | undefined {
  const pathPrefix = url.pathname.replace(/\/+$/, "");
  // Azure OpenAI's deployment URLs carry their version in the query instead.
  if (VERSION_SEGMENT.test(pathPrefix) || url.searchParams.has("api-version")) return undefined;
  return `OpenAI-compatible APIs live under /v1; try --base-url ${url.origin}${pathPrefix}/v1${redactUrl(url.search)}`;
}
