// Reads the wait a server asked for: `retry-after-ms`, else `retry-after` (seconds or an HTTP date), as openai-node.
import type { IncomingHttpHeaders } from "node:http";

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The requested wait in ms, or undefined when the headers ask for none. The value is returned as asked — negative,
 * huge or in the past — because whether it is honoured is the retry rule's call (`retryDelayMs`).
 *
 * Precedence as openai-node `src/client.ts` `retryRequest` (commit 7b7d6ca71130d37ec09792c50056b47861f2eccf):
 * `retry-after-ms` parsed as a float wins when it is a number at all (even one outside 0–60 s); only when it is
 * absent or not a number is `retry-after` read, as a float of seconds, else as an HTTP date minus now.
 */
export function parseRetryAfter(
  headers: IncomingHttpHeaders,
  options: { dateNowMs?: number } = {},
): number | undefined {
  const millisecondsHeader = firstValue(headers["retry-after-ms"]);
  if (millisecondsHeader !== undefined && millisecondsHeader !== "") {
    const milliseconds = Number.parseFloat(millisecondsHeader);
    if (!Number.isNaN(milliseconds)) return milliseconds;
  }
  const header = firstValue(headers["retry-after"]);
  if (header === undefined || header === "") return undefined;
  const seconds = Number.parseFloat(header);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const dateMs = Date.parse(header);
  return Number.isNaN(dateMs) ? undefined : dateMs - (options.dateNowMs ?? Date.now());
}
