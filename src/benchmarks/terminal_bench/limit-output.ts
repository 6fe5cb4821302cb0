// Command output as the model is shown it: at most TERMINAL_BENCH_OUTPUT_BYTES bytes of UTF-8, the first and last
// halves kept around a line saying how much was left out — Terminus 2's `_limit_output_length` (10,000 bytes) in
// terminal_bench/agents/terminus_2/terminus_2.py @ LONGCLI_COMMIT.

/** The spec gives no number; Terminal-Bench's own agent (Terminus 2) shows 10,000 bytes of each output. */
export const TERMINAL_BENCH_OUTPUT_BYTES = 10_000;

const decoder = new TextDecoder("utf-8", { fatal: false });

/** Decodes bytes, dropping a character cut at either end (as Python's `errors="ignore"` does). */
function decodeIgnoringCut(bytes: Uint8Array): string {
  return decoder.decode(bytes).replace(/^\uFFFD+|\uFFFD+$/g, "");
}

export function limitOutput(output: string, maxBytes: number = TERMINAL_BENCH_OUTPUT_BYTES): string {
  const bytes = new TextEncoder().encode(output);
  if (bytes.length <= maxBytes) return output;
  const half = Math.floor(maxBytes / 2);
  const first = decodeIgnoringCut(bytes.subarray(0, half));
  const last = decodeIgnoringCut(bytes.subarray(bytes.length - half));
  const kept = new TextEncoder().encode(first).length + new TextEncoder().encode(last).length;
  return `${first}\n[${bytes.length - kept} bytes of output left out here; at most ${maxBytes} are shown]\n${last}`;
}
