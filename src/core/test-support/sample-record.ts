// A journal record for tests: a graded gsm8k-like sample, with the fields a test cares about overridden.
import type { SampleRecord } from "../sample-record.js";

export function sampleRecord(overrides: Partial<SampleRecord> = {}): SampleRecord {
  const correct = overrides.correct ?? true;
  return {
    benchmark: "gsm8k",
    id: "0",
    task: "gsm8k",
    status: "ok",
    prompt: { type: "completion", text: "q" },
    response: "42",
    reasoning: "",
    extracted: "42",
    gold: "42",
    correct,
    score: correct ? 1 : 0,
    unparsed: false,
    truncated: false,
    grade_reason: "",
    finish_reason: "stop",
    usage: { prompt_tokens: 1, completion_tokens: 1 },
    timings: { sent_at_ms: 0, ttfb_ms: 1, ttft_ms: 1, e2e_ms: 1, itl_ms: null, chunks: 1 },
    attempts: 1,
    session: 0,
    error: null,
    ...overrides,
  };
}
