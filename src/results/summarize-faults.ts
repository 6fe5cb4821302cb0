// A run's fault totals from its records: retries, samples that needed one, faults by class, and the samples that
// still failed after all their retries (by class). Written to `<benchmark>.json` and run.json as `faults`.
import { addFaultCounts, type FaultCounts, sortedFaultCounts } from "../core/fault-classes.js";
import type { SampleRecord } from "../core/sample-record.js";
import { errorClass } from "../metrics/request-metrics.js";

export interface FaultSummary {
  /** Requests sent again (attempts beyond each sample's first, in this session or an earlier one). */
  requests_retried: number;
  /** Samples that needed at least one retry. */
  samples_retried: number;
  /** Every failed attempt's fault class and every anomaly, counted. */
  by_class: FaultCounts;
  /** Samples that failed after all their retries (not graded). */
  samples_failed: number;
  /** Those samples by the class of their last failure. */
  failed_by_class: FaultCounts;
}

/**
 * The records' totals (each sample's last record; a sample sent again by `--resume` also counts what its earlier
 * records tried, which the last one carries as `earlier`).
 */
export function summarizeFaults(records: Iterable<SampleRecord>): FaultSummary {
  const byClass: FaultCounts = {};
  const failedByClass: FaultCounts = {};
  let requestsRetried = 0;
  let samplesRetried = 0;
  let samplesFailed = 0;
  for (const record of records) {
    const attempts = record.attempts + (record.earlier?.attempts ?? 0);
    if (attempts > 1) {
      requestsRetried += attempts - 1;
      samplesRetried++;
    }
    addFaultCounts(byClass, record.earlier?.faults);
    addFaultCounts(byClass, record.faults);
    if (record.status === "ok") continue;
    samplesFailed++;
    const name = errorClass(record.status, record.error ?? undefined) ?? "error";
    failedByClass[name] = (failedByClass[name] ?? 0) + 1;
  }
  return {
    requests_retried: requestsRetried,
    samples_retried: samplesRetried,
    by_class: sortedFaultCounts(byClass),
    samples_failed: samplesFailed,
    failed_by_class: sortedFaultCounts(failedByClass),
  };
}

/** Several benchmarks' totals as one. */
export function addFaultSummaries(summaries: readonly FaultSummary[]): FaultSummary {
  const byClass: FaultCounts = {};
  const failedByClass: FaultCounts = {};
  for (const summary of summaries) {
    addFaultCounts(byClass, summary.by_class);
    addFaultCounts(failedByClass, summary.failed_by_class);
  }
  const sum = (pick: (summary: FaultSummary) => number) =>
    summaries.reduce((total, summary) => total + pick(summary), 0);
  return {
    requests_retried: sum((summary) => summary.requests_retried),
    samples_retried: sum((summary) => summary.samples_retried),
    by_class: sortedFaultCounts(byClass),
    samples_failed: sum((summary) => summary.samples_failed),
    failed_by_class: sortedFaultCounts(failedByClass),
  };
}

/** True when nothing at all went wrong (no retry, no fault, no failure). */
export function isFaultFree(
  summary: Pick<FaultSummary, "requests_retried" | "samples_failed" | "by_class">,
): boolean {
  return (
    summary.requests_retried === 0 &&
    summary.samples_failed === 0 &&
    Object.keys(summary.by_class).length === 0
  );
}
