// The >5% finish_reason "length" warning, on summaries built from journal records.
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { summarizeBenchmark } from "../results/summarize-benchmark.js";
import { lengthWarning } from "./length-warning.js";

function record(
  index: number,
  finishReason: SampleRecord["finish_reason"],
  isThinkUnclosed = false,
): SampleRecord {
  return {
    benchmark: "aime24",
    id: `train/${index}`,
    task: "aime24",
    status: "ok",
    prompt: { type: "completion", text: "q" },
    response: "r",
    reasoning: "",
    extracted: null,
    gold: "1",
    correct: false,
    score: 0,
    unparsed: true,
    truncated: finishReason === "length" || isThinkUnclosed,
    grade_reason: "",
    finish_reason: finishReason,
    usage: { prompt_tokens: 1, completion_tokens: 1 },
    timings: { sent_at_ms: 0, ttfb_ms: 1, ttft_ms: 1, e2e_ms: 1, itl_ms: null, chunks: 1 },
    attempts: 1,
    session: 0,
    error: null,
  };
}

/** `total` records of which the first `cut` finished with `length` and the next `unclosed` only left a think block open. */
function summary(total: number, cut: number, unclosed = 0) {
  const records = Array.from({ length: total }, (_, index) =>
    index < cut ? record(index, "length") : record(index, "stop", index < cut + unclosed),
  );
  return summarizeBenchmark("aime24", total, records);
}

describe("lengthWarning", () => {
  it("counts finish_reason length in the summary, apart from truncated", () => {
    const result = summary(40, 3, 5);
    expect(result.lengthFinished).toBe(3);
    expect(result.truncated).toBe(8);
  });

  it("warns above 5% of responses with finish_reason length, not at or below", () => {
    expect(lengthWarning(summary(20, 1))).toBeUndefined(); // exactly 5%
    expect(lengthWarning(summary(20, 0))).toBeUndefined();
    expect(lengthWarning(summary(20, 2))).toBe(
      'warning: 10.0% of aime24 responses (2 of 20) ended with finish_reason "length" (more than 5%): answers ' +
        "were cut at the token limit; consider a larger --max-tokens.\n",
    );
    expect(lengthWarning(summary(1000, 51))).toMatch(/^warning: 5\.1% of aime24 responses \(51 of 1000\)/);
    expect(lengthWarning(summary(0, 0))).toBeUndefined();
  });

  it("does not count unclosed think blocks that stopped normally", () => {
    // 1 of 20 cut (5%) plus 9 unclosed think blocks: truncated is 50%, finish_reason length 5%.
    const result = summary(20, 1, 9);
    expect(result.truncated).toBe(10);
    expect(lengthWarning(result)).toBeUndefined();
  });
});
