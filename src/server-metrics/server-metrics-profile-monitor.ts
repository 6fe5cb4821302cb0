// `--server-metrics-url` as a `profile` monitor (the shape of `profile/profile-monitor.ts`'s Monitor).
import type { Monitor } from "../core/monitor.js";
import {
  type ServerMetricsScraper,
  type ServerMetricsScraperOptions,
  startServerMetricsScraper,
} from "./start-server-metrics-scraper.js";
import type { ServerMetricsSummary } from "./summarize-server-metrics.js";

/** The summary as written under `monitors.server_metrics` in `profile_summary.json`. */
export function serverMetricsJson(summary: ServerMetricsSummary): Record<string, unknown> {
  return {
    url: summary.url,
    server: summary.server,
    scrapes: summary.scrapes,
    failed_scrapes: summary.failedScrapes,
    warnings: summary.warnings,
    duration_s: summary.durationS,
    prompt_tokens: summary.deltas.promptTokens,
    generation_tokens: summary.deltas.generationTokens,
    preemptions: summary.deltas.preemptions,
    requests_succeeded: summary.deltas.requestsSucceeded,
    kv_cache_usage_peak: summary.peaks.kvCacheUsage,
    running_requests_peak: summary.peaks.running,
    waiting_requests_peak: summary.peaks.waiting,
    server_ttft_mean_ms: summary.meansMs.ttftSeconds,
    server_e2e_latency_mean_ms: summary.meansMs.e2eLatencySeconds,
    server_queue_mean_ms: summary.meansMs.queueSeconds,
    counter_deltas: summary.counterDeltas,
    gauge_peaks: summary.gaugePeaks,
  };
}

/** One console line of the normalised figures; the scrape warnings go through `onWarning` as they come. */
export function describeServerMetrics(summary: ServerMetricsSummary): string[] {
  if (summary.scrapes === 0) return [];
  const show = (value: number | null, digits = 0) => (value === null ? "n/a" : value.toFixed(digits));
  return [
    `Server metrics (${summary.server}, ${summary.scrapes} scrapes): prompt tokens ${show(summary.deltas.promptTokens)}, ` +
      `generation tokens ${show(summary.deltas.generationTokens)}, preemptions ${show(summary.deltas.preemptions)}, ` +
      `KV-cache peak ${show(summary.peaks.kvCacheUsage, 2)}, running peak ${show(summary.peaks.running)}, ` +
      `waiting peak ${show(summary.peaks.waiting)}`,
  ];
}

export function serverMetricsProfileMonitor(options: Omit<ServerMetricsScraperOptions, "signal">): Monitor {
  let scraper: ServerMetricsScraper | undefined;
  let last: ServerMetricsSummary | undefined;
  let warn: ((message: string) => void) | undefined;
  return {
    name: "server_metrics",
    async start(context: {
      signal?: AbortSignal | undefined;
      onWarning?: ((message: string) => void) | undefined;
    }) {
      warn = context.onWarning;
      scraper = startServerMetricsScraper({
        ...options,
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      });
      // The "before" scrape is taken before the first request is sent.
      await scraper.ready;
    },
    async stop(): Promise<Record<string, unknown>> {
      if (scraper === undefined) return {};
      last = await scraper.stop();
      for (const warning of last.warnings) warn?.(warning);
      return serverMetricsJson(last);
    },
    describe(): string[] {
      return last === undefined ? [] : describeServerMetrics(last);
    },
  };
}
