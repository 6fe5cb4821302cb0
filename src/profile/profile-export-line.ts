// One `profile_export.jsonl` line, written field by field as bytes (`JsonLineBytes`): times in ms rounded to the
// microsecond, counts as integers, strings escaped as JSON.stringify escapes them. A test parses every line back and
// compares it with the record object the line stands for.
import { asciiBytes, type JsonLineBytes } from "../results/json-line-bytes.js";
import type { EndedRequest } from "./profile-recorder.js";

const KEY = {
  index: asciiBytes('{"index":'),
  item: asciiBytes(',"item":'),
  isWarmup: asciiBytes(',"is_warmup":'),
  status: asciiBytes(',"status":'),
  errorClass: asciiBytes(',"error_class":'),
  error: asciiBytes(',"error":'),
  finishReason: asciiBytes(',"finish_reason":'),
  intendedAt: asciiBytes(',"intended_at_ms":'),
  sentAt: asciiBytes(',"sent_at_ms":'),
  queue: asciiBytes(',"queue_ms":'),
  sendLag: asciiBytes(',"send_lag_ms":'),
  firstByte: asciiBytes(',"time_to_first_byte_ms":'),
  ttft: asciiBytes(',"ttft_ms":'),
  firstOutputToken: asciiBytes(',"time_to_first_output_token_ms":'),
  secondToken: asciiBytes(',"time_to_second_token_ms":'),
  itl: asciiBytes(',"itl_ms":'),
  tpot: asciiBytes(',"tpot_ms":'),
  e2e: asciiBytes(',"e2e_latency_ms":'),
  inputTokens: asciiBytes(',"input_tokens":'),
  targetInputTokens: asciiBytes(',"target_input_tokens":'),
  outputTokens: asciiBytes(',"output_tokens":'),
  outputTokensCounted: asciiBytes(',"output_tokens_counted":'),
  chunks: asciiBytes(',"chunks":'),
  chunkTimes: asciiBytes(',"chunk_times_ms":['),
  replica: asciiBytes(',"replica":'),
  replicaFailures: asciiBytes(',"replica_failures":['),
  comma: asciiBytes(","),
  arrayEnd: asciiBytes("]"),
  end: asciiBytes("}"),
};

export interface ExportLineOptions {
  /** The requests of a resumed run's earlier sessions, added to the line's `index` (default 0). */
  indexBase?: number;
  /**
   * Also write `chunk_times_ms`: each chunk's time after the send (a shard's lines, from which `merge` recomputes
   * the inter-chunk gaps of every request).
   */
  isChunkTimed?: boolean;
}

/** Writes the export line of an ended request (without the newline); times relative to `runStartMs`. */
export function writeProfileExportLine(
  out: JsonLineBytes,
  ended: EndedRequest,
  isWarmup: boolean,
  warmup: number,
  runStartMs: number,
  options: ExportLineOptions = {},
): void {
  const indexBase = options.indexBase ?? 0;
  const { index, metrics } = ended;
  out.raw(KEY.index);
  out.integer(indexBase + index);
  out.raw(KEY.item);
  out.integer(isWarmup ? index : index - warmup);
  out.raw(KEY.isWarmup);
  out.boolean(isWarmup);
  out.raw(KEY.status);
  out.string(ended.status);
  out.raw(KEY.errorClass);
  out.string(metrics.errorClass);
  out.raw(KEY.error);
  out.string(ended.error);
  out.raw(KEY.finishReason);
  out.string(ended.finishReason);
  out.raw(KEY.intendedAt);
  out.fixed3(ended.intendedMs - runStartMs);
  out.raw(KEY.sentAt);
  out.fixed3(ended.sentMs - runStartMs);
  out.raw(KEY.queue);
  out.fixed3(metrics.queueMs);
  out.raw(KEY.sendLag);
  out.fixed3(metrics.sendLagMs);
  out.raw(KEY.firstByte);
  out.fixed3(metrics.timeToFirstByteMs);
  out.raw(KEY.ttft);
  out.fixed3(metrics.ttftMs);
  out.raw(KEY.firstOutputToken);
  out.fixed3(metrics.timeToFirstOutputTokenMs);
  out.raw(KEY.secondToken);
  out.fixed3(metrics.timeToSecondTokenMs);
  out.raw(KEY.itl);
  out.fixed3(metrics.itlMs);
  out.raw(KEY.tpot);
  out.fixed3(metrics.tpotMs);
  out.raw(KEY.e2e);
  out.fixed3(metrics.e2eLatencyMs);
  out.raw(KEY.inputTokens);
  out.integer(metrics.inputTokens);
  out.raw(KEY.targetInputTokens);
  out.integer(ended.targetInputTokens);
  out.raw(KEY.outputTokens);
  out.integer(metrics.outputTokens);
  out.raw(KEY.outputTokensCounted);
  out.boolean(metrics.isOutputTokensCounted);
  out.raw(KEY.chunks);
  out.integer(metrics.chunks);
  if (options.isChunkTimed === true) {
    out.raw(KEY.chunkTimes);
    const times = ended.deltaTimesMs;
    for (let at = 0; at < times.length; at++) {
      if (at > 0) out.raw(KEY.comma);
      out.fixed3((times[at] ?? 0) - ended.sentMs);
    }
    out.raw(KEY.arrayEnd);
  }
  // Several replicas only: which one answered, and those the request left after a connection error.
  if (ended.replica !== undefined && ended.replica !== null) {
    out.raw(KEY.replica);
    out.string(ended.replica);
  }
  const failures = ended.replicaFailures;
  if (failures !== undefined && failures !== null && failures.length > 0) {
    out.raw(KEY.replicaFailures);
    failures.forEach((replica, position) => {
      if (position > 0) out.raw(KEY.comma);
      out.string(replica);
    });
    out.raw(KEY.arrayEnd);
  }
  out.raw(KEY.end);
}
