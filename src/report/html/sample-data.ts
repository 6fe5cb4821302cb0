// A journal record as the report's sample browser shows it: its status, prompt, answer and timings, texts interned.
import type { Prompt } from "../../core/prompt.js";
import type { SampleRecord } from "../../core/sample-record.js";
import { errorClass } from "../../metrics/request-metrics.js";
import type { PromptData, SampleData, SampleStatus } from "./report-model.js";
import { roundMicros } from "./serving-figures.js";
import type { StringTable } from "./string-table.js";

/**
 * One status per sample: a failed request is an error (it was never graded); a right answer is correct; a wrong
 * one is truncated when the answer was cut off (the usual cause of a missing answer), else unparsed when no answer
 * could be read from it, else incorrect.
 */
export function sampleStatus(
  record: Pick<SampleRecord, "status" | "correct" | "truncated" | "unparsed">,
): SampleStatus {
  if (record.status !== "ok") return "error";
  if (record.correct) return "correct";
  if (record.truncated) return "truncated";
  if (record.unparsed) return "unparsed";
  return "incorrect";
}

type JournalPrompt = Prompt | Extract<SampleRecord["prompt"], { type: "digest" }>;

export function promptData(prompt: JournalPrompt, table: StringTable): PromptData {
  switch (prompt.type) {
    case "chat":
      return {
        form: "chat",
        turns: prompt.messages.map((message) => ({
          role: message.role,
          content: table.internBlocks(message.content),
        })),
      };
    case "completion":
      return { form: "completion", text: table.internBlocks(prompt.text) };
    case "digest":
      return {
        form: "digest",
        sentForm: prompt.form,
        sha256: prompt.sha256,
        chars: prompt.chars,
        messages: prompt.messages ?? null,
        tail: table.internBlocks(prompt.tail),
      };
    default: {
      const unreachable: never = prompt;
      return unreachable;
    }
  }
}

/** The class a failed record is counted under (`http_500`, `timeout` …), as the metrics count it; null when ok. */
export function recordErrorClass(record: Pick<SampleRecord, "status" | "error">): string | null {
  const { error } = record;
  return errorClass(
    record.status,
    error === null
      ? undefined
      : { code: error.code, ...(error.http_status === undefined ? {} : { httpStatus: error.http_status }) },
  );
}

/** `taskIndex`: the sample's task's place in its benchmark's task list. Times to the microsecond. */
export function sampleData(record: SampleRecord, taskIndex: number, table: StringTable): SampleData {
  const failure = recordErrorClass(record);
  return {
    id: record.id,
    task: taskIndex,
    status: sampleStatus(record),
    errorClass: failure === null ? null : table.intern(failure),
    prompt: promptData(record.prompt, table),
    response: table.intern(record.response),
    reasoning: table.intern(record.reasoning),
    extracted: record.extracted === null ? null : table.intern(record.extracted),
    gold: table.intern(record.gold),
    gradeReason: table.intern(record.grade_reason),
    finishReason: record.finish_reason,
    timings: {
      sentAtMs: roundMicros(record.timings.sent_at_ms),
      session: record.session,
      ttftMs: record.timings.ttft_ms === null ? null : roundMicros(record.timings.ttft_ms),
      e2eMs: roundMicros(record.timings.e2e_ms),
      itlMs: record.timings.itl_ms === null ? null : roundMicros(record.timings.itl_ms),
      inputTokens: record.usage.prompt_tokens,
      outputTokens: record.usage.completion_tokens,
    },
  };
}
