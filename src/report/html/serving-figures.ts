// Serving figures from per-request timings: latency distributions (every value, sorted) and a timeline in buckets
// (requests ended, output tokens, requests in flight, errors by class), for a run's journal and a profile's export.
import type { DistributionData, ServingData, TimelineData } from "./report-model.js";

/** One request on the report's timeline. */
export interface TimedRequest {
  /** When it was sent, ms from the timeline's origin (the first session's start). */
  startMs: number;
  e2eMs: number;
  /** null for a request without a first token (failed, or empty). */
  ttftMs: number | null;
  itlMs: number | null;
  outputTokens: number | null;
  /** null when it was answered. */
  errorClass: string | null;
}

/** The bucket sizes a timeline may take (1-2-5 steps): 10 ms for a sub-second run up to 10 min for a week's. */
const BUCKET_STEPS_MS = [
  10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 30_000, 60_000, 300_000, 600_000,
];

/** At most this many buckets: enough to see a ramp or a stall, few enough for the page's data. */
export const MAX_BUCKETS = 300;

/** The smallest step that covers `spanMs` in `MAX_BUCKETS` buckets (a second when nothing ran). */
export function bucketMsFor(spanMs: number): number {
  if (!(spanMs > 0)) return 1000;
  return BUCKET_STEPS_MS.find((step) => spanMs / step <= MAX_BUCKETS) ?? Math.ceil(spanMs / MAX_BUCKETS);
}

/** ms to the microsecond: what the timings carry, and about half the characters of a double's full digits. */
export function roundMicros(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Every value, ascending: the page draws a histogram with any bins and an exact CDF from it. 14,042 values are about
 * 100 kB of JSON before compression; shared prefixes of sorted neighbours compress well.
 */
export function distribution(values: Iterable<number | null>): DistributionData {
  const sorted: number[] = [];
  for (const value of values) if (value !== null && Number.isFinite(value)) sorted.push(roundMicros(value));
  sorted.sort((left, right) => left - right);
  return { count: sorted.length, sortedMs: sorted };
}

/** Buckets of `bucketMs` (default: `bucketMsFor` the requests' span) from the origin to the last request's end. */
export function timeline(requests: readonly TimedRequest[], bucketMsAsked?: number): TimelineData {
  let endMs = 0;
  for (const request of requests) endMs = Math.max(endMs, request.startMs + Math.max(0, request.e2eMs));
  const bucketMs = bucketMsAsked ?? bucketMsFor(endMs);
  const buckets = requests.length === 0 ? 0 : Math.floor(endMs / bucketMs) + 1;
  const endedRequests = new Array<number>(buckets).fill(0);
  const outputTokens = new Array<number>(buckets).fill(0);
  const inFlightMs = new Array<number>(buckets).fill(0);
  const errorsByClass: Record<string, number[]> = {};
  for (const request of requests) {
    const start = Math.max(0, request.startMs);
    const end = Math.max(start, request.startMs + request.e2eMs);
    const ended = Math.floor(end / bucketMs);
    endedRequests[ended] = (endedRequests[ended] ?? 0) + 1;
    outputTokens[ended] = (outputTokens[ended] ?? 0) + (request.outputTokens ?? 0);
    if (request.errorClass !== null) {
      const counts = errorsByClass[request.errorClass] ?? new Array<number>(buckets).fill(0);
      counts[ended] = (counts[ended] ?? 0) + 1;
      errorsByClass[request.errorClass] = counts;
    }
    // The request's time in flight, shared out over the buckets it spans.
    for (let bucket = Math.floor(start / bucketMs); bucket <= ended; bucket++) {
      const overlap = Math.min(end, (bucket + 1) * bucketMs) - Math.max(start, bucket * bucketMs);
      if (overlap > 0) inFlightMs[bucket] = (inFlightMs[bucket] ?? 0) + overlap;
    }
  }
  return {
    bucketMs,
    endedRequests,
    outputTokens,
    inFlight: inFlightMs.map((ms) => roundMicros(ms / bucketMs)),
    errorsByClass,
  };
}

/** Distributions of the answered requests, and the timeline of all. */
export function servingFigures(requests: readonly TimedRequest[], bucketMs?: number): ServingData {
  const answered = requests.filter((request) => request.errorClass === null);
  return {
    ttft: distribution(answered.map((request) => request.ttftMs)),
    itl: distribution(answered.map((request) => request.itlMs)),
    e2e: distribution(answered.map((request) => request.e2eMs)),
    timeline: timeline(requests, bucketMs),
  };
}
