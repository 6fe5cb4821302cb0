// Scrapes a server's Prometheus endpoint before, every `intervalMs` during, and after a run (undici).
import { type Dispatcher, request } from "undici";
import { toError } from "../errors.js";
import { normalizeServerMetrics, type ServerMetricsSnapshot } from "./normalize-server-metrics.js";
import { parsePrometheusText } from "./parse-prometheus-text.js";
import { type ServerMetricsSummary, summarizeServerMetrics } from "./summarize-server-metrics.js";

export interface ServerMetricsScraperOptions {
  /** The full endpoint, e.g. `http://host:8000/metrics` (TensorRT-LLM: `/prometheus/metrics`). */
  url: string;
  /** Between scrapes during the run (default 5,000); null: only the "before" and "after" scrapes. */
  intervalMs?: number | null;
  /** Per scrape (default 5,000). */
  timeoutMs?: number;
  /** Aborting stops the periodic scrapes; `stop()` still returns what was gathered. */
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
  now?: () => number;
}

export interface ServerMetricsScraper {
  /** Settles once the first scrape (the "before" one) has ended, successful or not. */
  ready: Promise<void>;
  /** Stops the periodic scrapes, takes the "after" scrape and summarises. Never rejects. */
  stop(): Promise<ServerMetricsSummary>;
  /** The text of the last successful scrape (the "after" one once stopped); null before any. */
  lastText(): string | null;
}

/** Starts scraping at once. A missing endpoint gives a warning in the summary, never an exception. */
export function startServerMetricsScraper(options: ServerMetricsScraperOptions): ServerMetricsScraper {
  const now = options.now ?? (() => performance.now());
  const intervalMs = options.intervalMs ?? 5_000;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const snapshots: ServerMetricsSnapshot[] = [];
  const warnings: string[] = [];
  let failedScrapes = 0;
  let lastText: string | null = null;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const scrapeOnce = async (): Promise<void> => {
    try {
      const signals = [
        AbortSignal.timeout(timeoutMs),
        ...(options.signal === undefined ? [] : [options.signal]),
      ];
      const response = await request(options.url, {
        method: "GET",
        headers: { accept: "text/plain" },
        signal: AbortSignal.any(signals),
        ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
      const parsed = parsePrometheusText(text);
      if (parsed.samples.length === 0) throw new Error("no metrics in the response");
      if (parsed.errors.length > 0 && snapshots.length === 0)
        warnings.push(
          `${parsed.errors.length} unreadable line(s) at ${options.url}, e.g. line ${parsed.errors[0]?.line}: ${parsed.errors[0]?.message}`,
        );
      snapshots.push(normalizeServerMetrics(parsed.samples, now()));
      lastText = text;
    } catch (error) {
      failedScrapes++;
      const message = `server metrics: ${options.url}: ${toError(error).message}`;
      if (snapshots.length === 0 && failedScrapes === 1) {
        // No endpoint (or not Prometheus): warn once and stop scraping during the run.
        warnings.push(`${message}; no server metrics for this run`);
        isStopped = true;
      } else if (failedScrapes <= 3) warnings.push(message);
    }
  };

  const schedule = () => {
    if (isStopped || intervalMs === null || options.signal?.aborted === true) return;
    timer = setTimeout(() => {
      inFlight = scrapeOnce().then(schedule);
    }, intervalMs);
    timer.unref();
  };

  inFlight = scrapeOnce().then(schedule);
  const ready = inFlight;

  const stop = async (): Promise<ServerMetricsSummary> => {
    const hadEndpoint = !isStopped || snapshots.length > 0;
    isStopped = true;
    clearTimeout(timer);
    await inFlight;
    clearTimeout(timer);
    if (hadEndpoint && snapshots.length > 0) await scrapeOnce();
    return summarizeServerMetrics(options.url, snapshots, { failedScrapes, warnings });
  };
  return { ready, stop, lastText: () => lastText };
}
