// The one aggregator of serving metrics: accumulates measured requests (a profile's, or a run's journal records)
// into compact columns and counters, and summarizes them at the end.
import { type ErrorSummaryEntry, errorSummary } from "./error-summary.js";
import { type GoodputSlos, meetsGoodput } from "./goodput.js";
import { MetricColumn, type MetricPrecision } from "./metric-column.js";
import { type MetricStats, metricStats } from "./metric-stats.js";
import { REQUEST_METRIC_COLUMNS, type RequestMetricColumn } from "./request-metric-columns.js";
import type { RequestMetrics } from "./request-metrics.js";

export interface MetricsSummary {
  request_count: number;
  successful_requests: number;
  failed_requests: number;
  errors_by_class: Record<string, number>;
  /** The same counts in aiperf's `error_summary` shape (`errorSummary`). */
  error_summary: ErrorSummaryEntry[];
  /** First measured send to last measured end. */
  duration_s: number;
  request_throughput_rps: number | null;
  output_token_throughput_tps: number | null;
  total_token_throughput_tps: number | null;
  target_request_rate_rps: number | null;
  /** (sends − 1) ÷ (last send − first send). */
  achieved_request_rate_rps: number | null;
  total_input_tokens: number;
  total_output_tokens: number;
  /** Requests whose output tokens were counted from the chunks because the server sent no usage. */
  output_tokens_counted_requests: number;
  goodput: { slos_ms: GoodputSlos; good_requests: number; goodput_rps: number | null } | null;
  metrics: Record<string, MetricStats>;
}

export interface MetricsCollectorOptions {
  targetRequestRate?: number | undefined;
  goodput?: GoodputSlos | undefined;
  /** Most inter-chunk gaps kept for percentiles (a uniform sample beyond it); default 2,000,000. */
  maxInterChunkSamples?: number | undefined;
  /** The metrics summarized (default REQUEST_METRIC_COLUMNS, a profile's). */
  columns?: readonly RequestMetricColumn[] | undefined;
  /** 32 (default) keeps each value in 4 bytes; 64 keeps every digit. */
  precision?: MetricPrecision | undefined;
}

export class MetricsCollector {
  readonly #columns = new Map<string, MetricColumn>();
  readonly #gaps: MetricColumn;
  readonly #errors = new Map<string, number>();
  readonly #options: MetricsCollectorOptions;
  readonly #metricColumns: readonly RequestMetricColumn[];
  #count = 0;
  #ok = 0;
  #good = 0;
  #countedTokens = 0;
  #inputTokens = 0;
  #outputTokens = 0;
  #firstSentMs = Number.POSITIVE_INFINITY;
  #lastSentMs = Number.NEGATIVE_INFINITY;
  #lastEndMs = Number.NEGATIVE_INFINITY;

  constructor(options: MetricsCollectorOptions = {}) {
    this.#options = options;
    this.#metricColumns = options.columns ?? REQUEST_METRIC_COLUMNS;
    const precision = options.precision ?? 32;
    for (const metric of this.#metricColumns) this.#columns.set(metric.key, new MetricColumn({ precision }));
    this.#gaps = new MetricColumn({ capacity: options.maxInterChunkSamples ?? 2_000_000, precision });
  }

  /** One measured request: its metrics, its absolute send time and its delta times (for the inter-chunk gaps). */
  add(metrics: RequestMetrics, sentMs: number, deltaTimesMs: ArrayLike<number>): void {
    this.#count++;
    this.#firstSentMs = Math.min(this.#firstSentMs, sentMs);
    this.#lastSentMs = Math.max(this.#lastSentMs, sentMs);
    this.#lastEndMs = Math.max(this.#lastEndMs, sentMs + metrics.e2eLatencyMs);
    const isOk = metrics.errorClass === null;
    if (!isOk) {
      const name = metrics.errorClass ?? "error";
      this.#errors.set(name, (this.#errors.get(name) ?? 0) + 1);
    }
    for (const metric of this.#metricColumns) {
      if (metric.pick === undefined || (!isOk && metric.isSendSide !== true)) continue;
      const value = metric.pick(metrics);
      if (value !== null) this.#columns.get(metric.key)?.push(value);
    }
    if (!isOk) return;
    this.#ok++;
    for (let index = 1; index < deltaTimesMs.length; index++) {
      this.#gaps.push((deltaTimesMs[index] ?? 0) - (deltaTimesMs[index - 1] ?? 0));
    }
    this.#inputTokens += metrics.inputTokens ?? 0;
    this.#outputTokens += metrics.outputTokens;
    if (metrics.isOutputTokensCounted) this.#countedTokens++;
    if (this.#options.goodput !== undefined && meetsGoodput(metrics, this.#options.goodput)) this.#good++;
  }

  summary(): MetricsSummary {
    const durationMs = this.#count === 0 ? 0 : this.#lastEndMs - this.#firstSentMs;
    const perSecond = (value: number): number | null => (durationMs > 0 ? value / (durationMs / 1000) : null);
    const sendSpanMs = this.#lastSentMs - this.#firstSentMs;
    const metrics: Record<string, MetricStats> = {};
    for (const metric of this.#metricColumns) {
      const column = metric.pick === undefined ? this.#gaps : this.#columns.get(metric.key);
      if (column !== undefined) metrics[metric.key] = metricStats(column.sorted());
    }
    const slos = this.#options.goodput;
    const errorsByClass = Object.fromEntries(
      [...this.#errors].sort(([left], [right]) => left.localeCompare(right)),
    );
    return {
      request_count: this.#count,
      successful_requests: this.#ok,
      failed_requests: this.#count - this.#ok,
      errors_by_class: errorsByClass,
      error_summary: errorSummary(errorsByClass),
      duration_s: durationMs / 1000,
      request_throughput_rps: perSecond(this.#ok),
      output_token_throughput_tps: perSecond(this.#outputTokens),
      total_token_throughput_tps: perSecond(this.#outputTokens + this.#inputTokens),
      target_request_rate_rps: this.#options.targetRequestRate ?? null,
      achieved_request_rate_rps:
        this.#count > 1 && sendSpanMs > 0 ? (this.#count - 1) / (sendSpanMs / 1000) : null,
      total_input_tokens: this.#inputTokens,
      total_output_tokens: this.#outputTokens,
      output_tokens_counted_requests: this.#countedTokens,
      goodput:
        slos === undefined
          ? null
          : { slos_ms: slos, good_requests: this.#good, goodput_rps: perSecond(this.#good) },
      metrics,
    };
  }
}
