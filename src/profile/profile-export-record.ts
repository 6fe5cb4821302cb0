// A profile_export.jsonl line read back (`profile-export-line.ts` writes it): its zod schema, the file's lines read
// and checked, and the per-request metrics and chunk times the one aggregator (`MetricsCollector`) takes, so a merge
// recomputes every statistic.
import { readFileSync } from "node:fs";
import { z } from "zod";
import { completeJsonLines } from "../core/complete-json-lines.js";
import { ConfigError } from "../errors.js";
import { decodeRate, prefillRate, type RequestMetrics } from "../metrics/request-metrics.js";

const ms = z.number().nullable();
const count = z.number().nullable();

export const profileExportRecordSchema = z.looseObject({
  index: z.number().int().min(0),
  item: z.number().int(),
  is_warmup: z.boolean(),
  status: z.string(),
  error_class: z.string().nullable(),
  intended_at_ms: ms,
  sent_at_ms: z.number(),
  queue_ms: ms,
  send_lag_ms: ms,
  time_to_first_byte_ms: ms,
  ttft_ms: ms,
  time_to_first_output_token_ms: ms,
  time_to_second_token_ms: ms,
  itl_ms: ms,
  tpot_ms: ms,
  e2e_latency_ms: ms,
  input_tokens: count,
  output_tokens: z.number(),
  output_tokens_counted: z.boolean(),
  chunks: z.number().int(),
  /** A shard's lines: each chunk's time after the send (the inter-chunk gaps). */
  chunk_times_ms: z.array(z.number().nullable()).optional(),
  /** Several replicas: the one that answered, and those the request left after a connection error. */
  replica: z.string().optional(),
  replica_failures: z.array(z.string()).optional(),
});
export type ProfileExportRecord = z.infer<typeof profileExportRecordSchema>;

export interface ExportLine {
  record: ProfileExportRecord;
  /** The line as written. */
  text: string;
  /** `path:line`, for messages about it. */
  where: string;
}

/**
 * Every whole line of an export (a torn last line of a killed session left out), each checked against the schema;
 * a line that is not one is a ConfigError naming the file and line.
 */
export function readProfileExport(path: string): ExportLine[] {
  return completeJsonLines(readFileSync(path, "utf8")).map(({ number, text }) => {
    const where = `${path}:${number}`;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new ConfigError(`${where}: not JSON.`, { cause: error });
    }
    const parsed = profileExportRecordSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(
        `${where}: field "${issue?.path.join(".") ?? ""}": ${issue?.message ?? "invalid"}.`,
      );
    }
    return { record: parsed.data, text, where };
  });
}

/** The metrics the line stands for (rates derived from its times, as `computeRequestMetrics` derives them). */
export function exportRecordMetrics(record: ProfileExportRecord): RequestMetrics {
  const e2eLatencyMs = record.e2e_latency_ms ?? Number.NaN;
  const ttftMs = record.ttft_ms;
  const outputTokens = record.output_tokens;
  return {
    queueMs: record.queue_ms ?? Number.NaN,
    sendLagMs: record.send_lag_ms ?? Number.NaN,
    timeToFirstByteMs: record.time_to_first_byte_ms,
    ttftMs,
    timeToFirstOutputTokenMs: record.time_to_first_output_token_ms,
    timeToSecondTokenMs: record.time_to_second_token_ms,
    itlMs: record.itl_ms,
    tpotMs: record.tpot_ms,
    e2eLatencyMs,
    outputTokensPerSecondPerUser: decodeRate(outputTokens, ttftMs, e2eLatencyMs),
    outputTokensPerSecond: e2eLatencyMs > 0 ? outputTokens / (e2eLatencyMs / 1000) : null,
    inputTokensPerSecond: prefillRate(record.input_tokens, ttftMs),
    inputTokens: record.input_tokens,
    outputTokens,
    isOutputTokensCounted: record.output_tokens_counted,
    chunks: record.chunks,
    errorClass: record.error_class,
  };
}

/** The chunks' times on the line's clock (send + each offset), for the collector's inter-chunk gaps. */
export function exportRecordChunkTimes(record: ProfileExportRecord): number[] {
  return (record.chunk_times_ms ?? []).map((offsetMs) => record.sent_at_ms + (offsetMs ?? Number.NaN));
}
