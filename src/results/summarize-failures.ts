// Why samples failed: their error classes with counts and one example message each, and whether a retry can help.
import { FAULT_CLASSES } from "../core/fault-classes.js";
import type { SampleRecord } from "../core/sample-record.js";
import { errorClass } from "../metrics/request-metrics.js";

export interface FailureClass {
  /** `http_400`, `timeout`, `E_CONNECTION`, `E_PROTOCOL`, … */
  errorClass: string;
  count: number;
  /** The first failure's message. */
  example: string;
  /** A later `--resume` may succeed (the server was busy, down or slow); false: it would fail the same way. */
  isRetryable: boolean;
}

const RETRYABLE_FAULTS: ReadonlySet<string> = new Set(FAULT_CLASSES);

/**
 * Classes a retry can fix: timeouts, 408/409/429/5xx, dropped connections, answers that were not OpenAI's, every
 * fault class of src/core/fault-classes.ts.
 */
export function isRetryableClass(name: string): boolean {
  if (name === "timeout" || name === "aborted" || name === "E_CONNECTION" || name === "E_PROTOCOL")
    return true;
  if (RETRYABLE_FAULTS.has(name)) return true;
  const status = /^http_(\d{3})$/.exec(name)?.[1];
  if (status === undefined) return false;
  const code = Number(status);
  return code === 408 || code === 409 || code === 429 || code >= 500;
}

/** The failed records' classes, most frequent first. */
export function summarizeFailures(records: Iterable<SampleRecord>): FailureClass[] {
  const classes = new Map<string, FailureClass>();
  for (const record of records) {
    if (record.status === "ok") continue;
    const name = errorClass(record.status, record.error ?? undefined) ?? "error";
    const entry = classes.get(name);
    if (entry !== undefined) entry.count++;
    else {
      const example = record.error?.message ?? record.status;
      classes.set(name, { errorClass: name, count: 1, example, isRetryable: isRetryableClass(name) });
    }
  }
  return [...classes.values()].sort((left, right) => right.count - left.count);
}
