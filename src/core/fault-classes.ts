// The classes a request's faults are counted under (one table, documented in docs/RELIABILITY.md):
// every failed attempt has exactly one, anomalies are counted beside them without failing the attempt.

/**
 * Faults that fail an attempt. `http_<status>` (e.g. `http_503`, `http_429`) is one class per status besides these.
 * | class                 | what happened                                                              |
 * | --------------------- | -------------------------------------------------------------------------- |
 * | `connection_refused`  | nothing listens (ECONNREFUSED)                                             |
 * | `connection_reset`    | the connection reset or closed before any response byte                   |
 * | `connection_error`    | another transport failure before any response byte (DNS, TLS, …)          |
 * | `timeout_first_byte`  | no response byte within the first-chunk limit                              |
 * | `timeout_idle`        | a gap between body chunks longer than `--idle-timeout`                     |
 * | `timeout_total`       | the attempt took longer than `--timeout`                                   |
 * | `stream_reset`        | the connection reset or closed after the answer began                      |
 * | `malformed_stream`    | an SSE `data:` line that is not a JSON chunk                               |
 * | `stream_error_event`  | an error event (or chunk with `error`) inside a 2xx answer                 |
 * | `incomplete_stream`   | the stream ended without a finish_reason and without `[DONE]`              |
 * | `not_openai_response` | a 2xx body that is not an OpenAI answer (an HTML page, JSON without choices) |
 * | `empty_body`          | a 2xx answer with no body byte at all                                      |
 * | `response_too_large`  | more raw bytes than `--max-response-bytes`                                 |
 */
export const FAULT_CLASSES = [
  "connection_refused",
  "connection_reset",
  "connection_error",
  "timeout_first_byte",
  "timeout_idle",
  "timeout_total",
  "stream_reset",
  "malformed_stream",
  "stream_error_event",
  "incomplete_stream",
  "not_openai_response",
  "empty_body",
  "response_too_large",
] as const;

/**
 * Anomalies: the answer was accepted, but not as the protocol says. `missing_done`: a finish_reason came, `[DONE]`
 * did not. `wrong_content_type`: a 2xx answer labelled neither `text/event-stream` nor `application/json`, read by
 * its shape.
 */
export const ANOMALY_CLASSES = ["missing_done", "wrong_content_type"] as const;

export type NamedFaultClass = (typeof FAULT_CLASSES)[number];
export type AnomalyClass = (typeof ANOMALY_CLASSES)[number];
/** A class of failed attempt: a named one or an HTTP status. */
export type FaultClass = NamedFaultClass | `http_${number}`;

/** Counts by class (faults and anomalies); a class that did not occur is absent. */
export type FaultCounts = Record<string, number>;

const ANOMALIES: ReadonlySet<string> = new Set(ANOMALY_CLASSES);

export function isAnomalyClass(name: string): name is AnomalyClass {
  return ANOMALIES.has(name);
}

/** `into[name] += count` for each entry of `counts`. */
export function addFaultCounts(into: FaultCounts, counts: Readonly<FaultCounts> | undefined): void {
  if (counts === undefined) return;
  for (const [name, count] of Object.entries(counts)) into[name] = (into[name] ?? 0) + count;
}

/** The counts sorted by class name (stable output for JSON files). */
export function sortedFaultCounts(counts: Readonly<FaultCounts>): FaultCounts {
  return Object.fromEntries(Object.entries(counts).sort(([left], [right]) => left.localeCompare(right)));
}

/** What each class means, in words (messages, aiperf-style `error_summary` entries, the docs' table). */
export const FAULT_CLASS_MEANINGS: Readonly<Record<NamedFaultClass | AnomalyClass, string>> = {
  connection_refused: "nothing listens at the server's address (ECONNREFUSED)",
  connection_reset: "the connection was reset or closed before any response byte",
  connection_error: "another transport failure before any response byte (DNS, TLS, …)",
  timeout_first_byte: "no response byte within the first-byte limit",
  timeout_idle: "a gap between answer chunks longer than --idle-timeout",
  timeout_total: "the attempt took longer than --timeout",
  stream_reset: "the connection was reset or closed after the answer began",
  malformed_stream: "an event-stream line that is not a JSON chunk",
  stream_error_event: "an error reported inside a 2xx answer",
  incomplete_stream: "the stream ended without a finish_reason and without [DONE]",
  not_openai_response: "a 2xx body that is not an OpenAI answer (an HTML page, JSON without choices)",
  empty_body: "a 2xx answer with an empty body",
  response_too_large: "a body larger than --max-response-bytes",
  missing_done: "accepted: a finish_reason came but no [DONE]",
  wrong_content_type: "accepted: the answer was labelled neither text/event-stream nor application/json",
};

/** The meaning of any class: the table's, `HTTP <status>` for `http_<status>`, else the name itself. */
export function faultClassMeaning(name: string): string {
  const status = /^http_(\d{3})$/.exec(name)?.[1];
  if (status !== undefined) return `HTTP ${status}`;
  return (FAULT_CLASS_MEANINGS as Readonly<Record<string, string>>)[name] ?? name;
}
