// `run --scrape-prometheus`: the server's Prometheus endpoint scraped before and after the run — the figures that
// moved (tokens, preemptions, KV-cache peak) for `<benchmark>.json`, the raw text for the spec's result file.

import type { RunOptions } from "../config/run-options.js";
import { replicaUrls } from "../core/replica-urls.js";
import { ConfigError } from "../errors.js";
import { serverMetricsJson } from "../server-metrics/server-metrics-profile-monitor.js";
import { startServerMetricsScraper } from "../server-metrics/start-server-metrics-scraper.js";

export interface PrometheusScrape {
  /** `server_metrics` of each `<benchmark>.json`. */
  summary: Record<string, unknown>;
  /** The endpoint's text after the run (null when no scrape succeeded). */
  text: string | null;
}

export interface PrometheusScraper {
  stop(): Promise<PrometheusScrape>;
}

/** Takes the "before" scrape (resolves once it has ended); undefined without `--scrape-prometheus`. */
export async function startPrometheusScrape(
  options: Pick<RunOptions, "scrapePrometheus" | "prometheusUrl" | "baseUrl" | "backend">,
  context: { signal?: AbortSignal | undefined; onWarning?: ((message: string) => void) | undefined },
): Promise<PrometheusScraper | undefined> {
  if (!options.scrapePrometheus) return undefined;
  if (options.backend === "local" && options.prometheusUrl === undefined) {
    throw new ConfigError(
      "--scrape-prometheus reads a server's /metrics: name the server with --base-url (or the endpoint with --prometheus-url).",
    );
  }
  // Of several replicas, the first one's (another's with --prometheus-url).
  const url =
    options.prometheusUrl ?? `${new URL(replicaUrls(options.baseUrl)[0] ?? options.baseUrl).origin}/metrics`;
  // One scrape before and one after: the run's deltas, not a time series.
  const scraper = startServerMetricsScraper({
    url,
    intervalMs: null,
    ...(context.signal === undefined ? {} : { signal: context.signal }),
  });
  await scraper.ready;
  return {
    async stop() {
      const summary = await scraper.stop();
      for (const warning of summary.warnings) context.onWarning?.(warning);
      return { summary: serverMetricsJson(summary), text: scraper.lastText() };
    },
  };
}
