// Which Hub headers name a file's SHA-256: X-Linked-Etag or ETag of the Hub's answers, 64 hex digits, never a CDN's.
import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import type { HttpGetResponse } from "./http-get.js";
import { hubSha256 } from "./hub-sha256.js";

const HUB = "https://hub.example";
const SHA = "a".repeat(64);

function response(answers: [string, IncomingHttpHeaders][]): HttpGetResponse {
  const all = answers.map(([url, headers]) => ({ url: new URL(url), headers }));
  const last = all.at(-1) ?? { url: new URL(HUB), headers: {} };
  return {
    statusCode: 200,
    headers: last.headers,
    body: undefined as unknown as HttpGetResponse["body"],
    url: last.url,
    redirects: all.slice(0, -1),
  };
}

describe("hubSha256", () => {
  it("reads X-Linked-Etag of the Hub's redirect to a CDN, ignoring the CDN's ETag", () => {
    const answered = response([
      [`${HUB}/o/r/resolve/main/f`, { "x-linked-etag": `"${SHA}"`, etag: '"abc"' }],
      ["https://cdn.example/blob", { etag: `"${"b".repeat(64)}"` }],
    ]);
    expect(hubSha256(answered, HUB)).toBe(SHA);
  });

  it("falls back to the ETag of the Hub's last answer, weak or strong", () => {
    expect(hubSha256(response([[`${HUB}/f`, { etag: `W/"${SHA}"` }]]), HUB)).toBe(SHA);
    expect(hubSha256(response([[`${HUB}/f`, { etag: `"${SHA}"` }]]), HUB)).toBe(SHA);
  });

  it("names nothing for a git blob's SHA-1, a non-hex etag, a CDN-only answer or no etag", () => {
    expect(hubSha256(response([[`${HUB}/f`, { etag: `"${"c".repeat(40)}"` }]]), HUB)).toBeUndefined();
    expect(hubSha256(response([[`${HUB}/f`, { etag: '"not-a-digest"' }]]), HUB)).toBeUndefined();
    expect(hubSha256(response([["https://cdn.example/f", { etag: `"${SHA}"` }]]), HUB)).toBeUndefined();
    expect(hubSha256(response([[`${HUB}/f`, {}]]), HUB)).toBeUndefined();
  });

  it("takes the X-Linked-Etag of a relative redirect on the Hub (a mirror serving the file itself)", () => {
    const answered = response([
      [`${HUB}/api/x/0.parquet`, {}],
      [`${HUB}/resolve/x`, { "x-linked-etag": `"${SHA}"` }],
      [`${HUB}/cdn/x`, { "content-length": "3" }],
    ]);
    expect(hubSha256(answered, HUB)).toBe(SHA);
  });
});
