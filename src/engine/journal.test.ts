import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SampleRecord } from "../core/sample-record.js";
import { OutputWriteError } from "../errors.js";
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

  it("cuts a torn last line off before appending, says so, and reads whole after two more sessions", () => {
    const path = freshPath();
    const first = openJournal(path);
    first.append(record("test/0", true));
    first.close();
    const torn = JSON.stringify(record("test/1", true)).slice(0, 40);
    appendFileSync(path, torn);
    const warnings: string[] = [];
    const second = openJournal(path, { onWarning: (message) => warnings.push(message) });
    second.append(record("test/1", true));
    second.close();
    expect(warnings).toEqual([expect.stringMatching(/last line was torn \(40 bytes.*dropped/)]);
    appendFileSync(path, torn);
    openJournal(path).close();
    const third = openJournal(path);
    third.append(record("test/2", false));
    third.close();
    const { records, skippedLines } = readJournal(path);
    expect(skippedLines).toBe(0);
    expect([...records.values()].map((entry) => entry.id)).toEqual(["test/0", "test/1", "test/2"]);
    expect(readFileSync(path, "utf8").split("\n")).toHaveLength(4);
  });

  it("keeps a whole last record that lacks only its newline, adding the newline", () => {
    const path = freshPath();
    writeFileSync(path, JSON.stringify(record("test/0", true)));
    const warnings: string[] = [];
    const journal = openJournal(path, { onWarning: (message) => warnings.push(message) });
    journal.append(record("test/1", true));
    journal.close();
    expect(warnings).toEqual([]);
    expect([...readJournal(path).records.values()].map((entry) => entry.id)).toEqual(["test/0", "test/1"]);
  });

  it("turns a failed write (a full device) into an OutputWriteError and refuses later records", () => {
    // /dev/full answers every write with ENOSPC, as a full disk does.
    const journal = openJournal("/dev/full");
    const failed = (() => {
      try {
        journal.append(record("test/0", true));
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(failed).toBeInstanceOf(OutputWriteError);
    expect((failed as OutputWriteError).systemCode).toBe("ENOSPC");
    expect((failed as OutputWriteError).exitCode).toBe(1);
    expect((failed as Error).message).toMatch(
      /^cannot write \/dev\/full: no space left on the device \(ENOSPC\)\. Free some space on the disk of \/dev, then try again\.$/,
    );
    expect(() => journal.append(record("test/1", true))).toThrow(failed as Error);
    journal.close();
  });

  it("names the journal when it cannot be opened", () => {
    expect(() => openJournal(join(freshPath(), "missing", "samples.jsonl"))).toThrow(OutputWriteError);
  });
});
