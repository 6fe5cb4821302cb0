// The report data as the page carries it: JSON, gzipped (node:zlib), base64; and the decoding, in Node for tests
// and as the page's script (`DecompressionStream("gzip")`, in Chromium without a library).
import { gunzipSync, gzipSync } from "node:zlib";
import { REPORT_DATA_VERSION } from "./report-model.js";

/** The report data once decoded: the page and the tests tell the kinds apart by `kind`. */
export interface EncodedReportHeader {
  kind: string;
  version: number;
}

/** gzip level 9: the report is written once and read many times; 14k-sample MMLU gains a few percent over 6. */
export function encodeReportData(data: EncodedReportHeader): string {
  return gzipSync(Buffer.from(JSON.stringify(data), "utf8"), { level: 9 }).toString("base64");
}

/** The inverse of `encodeReportData`; refuses data of another model version. */
export function decodeReportData(encoded: string): EncodedReportHeader & Record<string, unknown> {
  const json: unknown = JSON.parse(gunzipSync(Buffer.from(encoded, "base64")).toString("utf8"));
  if (typeof json !== "object" || json === null || !("kind" in json) || !("version" in json)) {
    throw new Error("not report data: no kind or version.");
  }
  const { version } = json;
  if (version !== REPORT_DATA_VERSION) {
    throw new Error(`report data version ${String(version)}; this reader knows ${REPORT_DATA_VERSION}.`);
  }
  return json as EncodedReportHeader & Record<string, unknown>;
}

/**
 * The page's decoder, to inline in a `<script>`: base64 → bytes → gunzip through the browser's own
 * `DecompressionStream("gzip")` (Chromium 80+, Firefox 113+, Safari 16.4+; Node 18+ has the same globals) → JSON.
 */
export const BROWSER_DECODE_SCRIPT = `async function decodeReportData(base64) {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return JSON.parse(await new Response(stream).text());
}`;
