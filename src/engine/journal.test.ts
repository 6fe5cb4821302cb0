import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { openJournal, readJournal } from "./journal.js";

const record = (id: string, correct: boolean): SampleRecord => ({
  benchmark: "gsm8k",
  id,
  task: "gsm8k",
  status: "ok",
  prompt: { type: "chat", messages: [{ role: "user", content: "Question: 1+1?\nAnswer:" }] },
  response: "2",
  reasoning: "",
  extracted: "2",
  gold: "2",
  correct,
  score: correct ? 1 : 0,
  unparsed: false,
  truncated: false,
  grade_reason: "number after ####",
  finish_reason: "stop",
  usage: { prompt_tokens: 5, completion_tokens: 1 },
  timings: { sent_at_ms: 1, ttfb_ms: 2, ttft_ms: 3, e2e_ms: 4, itl_ms: null, chunks: 1 },
  attempts: 1,
  session: 0,
  error: null,
});

const freshPath = () => join(mkdtempSync(join(tmpdir(), "journal-")), "samples.jsonl");

describe("journal", () => {
  it("round-trips records and keeps the last record of a sample", () => {
    const path = freshPath();
    const journal = openJournal(path);
    journal.append(record("test/0", false));
    journal.append(record("test/1", true));
    journal.append(record("test/0", true));
    journal.close();
    const { records, skippedLines } = readJournal(path);
    expect(skippedLines).toBe(0);
    expect([...records.values()].map((entry) => [entry.id, entry.correct])).toEqual([
      ["test/0", true],
      ["test/1", true],
    ]);
  });

  it("skips a torn last line left by a killed process", () => {
    const path = freshPath();
    const journal = openJournal(path);
    journal.append(record("test/0", true));
    journal.close();
    appendFileSync(path, JSON.stringify(record("test/1", true)).slice(0, 40));
    const { records, skippedLines } = readJournal(path);
    expect(records.size).toBe(1);
    expect(skippedLines).toBe(1);
  });

  it("rejects a file that is not a journal, naming the line and field", () => {
    const path = freshPath();
    writeFileSync(
      path,
      `${JSON.stringify(record("test/0", true))}\n{"benchmark": "x"}\n${JSON.stringify(record("t", true))}\n`,
    );
    expect(() => readJournal(path)).toThrow(/line 2: field "id"/);
  });

  it("reads a missing journal as empty", () => {
    expect(readJournal(freshPath()).records.size).toBe(0);
  });
});
