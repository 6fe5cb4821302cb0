// The console line of a run's fault totals (retries, faults by class, samples failed after their retries).
import { type FaultSummary, isFaultFree } from "../results/summarize-faults.js";

/**
 * One console line, e.g. "faults: 131 requests retried (118 samples); http_503 ×12, stream_reset ×9; 0 samples
 * failed after their retries"; empty when nothing went wrong.
 */
export function faultLine(summary: FaultSummary): string {
  if (isFaultFree(summary)) return "";
  const classes = Object.entries(summary.by_class)
    .map(([name, count]) => `${name} ×${count}`)
    .join(", ");
  const retried = `${summary.requests_retried} request${summary.requests_retried === 1 ? "" : "s"} retried (${summary.samples_retried} sample${summary.samples_retried === 1 ? "" : "s"})`;
  const failed = `${summary.samples_failed} sample${summary.samples_failed === 1 ? "" : "s"} failed after ${summary.samples_failed === 1 ? "its" : "their"} retries`;
  return `faults: ${retried}; ${classes === "" ? "no fault classes" : classes}; ${failed}\n`;
}
