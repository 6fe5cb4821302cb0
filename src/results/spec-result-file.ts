// The llm-benchmarker spec's result file, `<output-dir>/<benchmark>_<model with / as _>_<YYYYMMDDTHHMMSSZ>.json`,
// written beside the run directory so that scripts written against the spec find their file (spec README, "Results
// Format": top-level fields, `aggregated_metrics` in seconds with None fields left out, `sample_results`).
import { join } from "node:path";
import type { SampleRecord } from "../core/sample-record.js";
import { writeFileAtomic } from "../core/write-file-atomic.js";
import { decodeRate, prefillRate } from "../metrics/request-metrics.js";
import type { AggregatedMetrics } from "./aggregate-record-metrics.js";
import type { BenchmarkSummary } from "./summarize-benchmark.js";

export interface SpecResultInput {
  summary: BenchmarkSummary;
  model: string;
  /** When the run started: the file's timestamp, so that a resumed run rewrites the same file. */
  startedAt: Date;
  /** The spec's `config` block: base_url, concurrency, streaming, temperature, max_tokens, seed. */
  config: {
    base_url: string | null;
    concurrency: number | null;
    streaming: boolean;
    temperature: number | null;
    max_tokens: number | null;
    seed: number | null;
  };
  metrics: AggregatedMetrics;
  records: readonly SampleRecord[];
  /** `--scrape-prometheus`: the endpoint's text after the run, attached as `prometheus_metrics`. */
  prometheusText?: string | null | undefined;
}

/** `20260220T120000Z`. */
export function specTimestamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

export function specResultPath(outputDir: string, benchmark: string, model: string, startedAt: Date): string {
  return join(outputDir, `${benchmark}_${model.replaceAll("/", "_")}_${specTimestamp(startedAt)}.json`);
}

/** Leaves out null fields, as the spec's `AggregatedMetrics.to_dict()` and `RequestMetrics` do. */
function present(entries: Record<string, number | null>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, number] => entry[1] !== null),
  );
}

const seconds = (ms: number | null): number | null => (ms === null ? null : ms / 1000);

export function specResultFile(input: SpecResultInput): Record<string, unknown> {
  const { summary, metrics } = input;
  return {
    benchmark: summary.benchmark,
    model: input.model,
    timestamp: specTimestamp(input.startedAt),
    config: input.config,
    name: summary.benchmark,
    num_samples: summary.gradedSamples,
    // Beyond the spec's fields: whether every planned sample was graded, so that a run cut short (failed requests
    // left for --resume) is never read as a finished result.
    is_complete: summary.isComplete,
    planned_samples: summary.plannedSamples,
    num_errors: summary.errors,
    accuracy: summary.overall.accuracy,
    score: summary.meanScore,
    // The spec's compare computes this from sample_results (`confidence_interval_95`); written here as well.
    confidence_interval_95: summary.overall.normalCi95,
    aggregated_metrics: present({
      ttft_p50: seconds(metrics.ttft_p50_ms),
      ttft_p95: seconds(metrics.ttft_p95_ms),
      ttft_p99: seconds(metrics.ttft_p99_ms),
      ttft_mean: seconds(metrics.ttft_mean_ms),
      generation_tps_mean: metrics.generation_tps_mean,
      generation_tps_p50: metrics.generation_tps_p50,
      prompt_tps_mean: metrics.prompt_tps_mean,
      latency_p50: seconds(metrics.latency_p50_ms),
      latency_p95: seconds(metrics.latency_p95_ms),
      latency_p99: seconds(metrics.latency_p99_ms),
      latency_mean: seconds(metrics.latency_mean_ms),
      total_prompt_tokens: metrics.total_prompt_tokens,
      total_completion_tokens: metrics.total_output_tokens,
      total_requests: metrics.successful_requests + metrics.failed_requests,
      failed_requests: metrics.failed_requests,
      wall_time_seconds: metrics.wall_time_s,
      effective_throughput_rps: metrics.request_throughput_rps,
    }),
    sample_results: input.records.map(specSampleResult),
    ...(input.prometheusText === undefined || input.prometheusText === null
      ? {}
      : { prometheus_metrics: input.prometheusText }),
  };
}

function specSampleResult(record: SampleRecord): Record<string, unknown> {
  const { timings, usage } = record;
  return {
    id: record.id,
    correct: record.correct,
    score: record.score,
    predicted: record.extracted,
    expected: record.gold,
    details: {
      task: record.task,
      ...record.details,
      ...(record.error === null ? {} : { error: record.error.message }),
    },
    metrics: present({
      ttft_seconds: seconds(timings.ttft_ms),
      total_latency_seconds: seconds(timings.e2e_ms),
      prompt_tokens: usage.prompt_tokens,
      completion_tokens: usage.completion_tokens,
      tokens_per_second_generation:
        usage.completion_tokens === null
          ? null
          : decodeRate(usage.completion_tokens, timings.ttft_ms, timings.e2e_ms),
      tokens_per_second_prompt: prefillRate(usage.prompt_tokens, timings.ttft_ms),
    }),
  };
}

/** Writes the spec's file into `outputDir` and returns its path. */
export function writeSpecResultFile(outputDir: string, input: SpecResultInput): string {
  const path = specResultPath(outputDir, input.summary.benchmark, input.model, input.startedAt);
  writeFileAtomic(path, `${JSON.stringify(specResultFile(input), null, 2)}\n`);
  return path;
}
