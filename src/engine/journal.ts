// The run's journal: one graded sample a line, written synchronously so a killed process loses only requests in flight.
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
import { type JournalPromptPolicy, journalPrompt } from "../core/journal-prompt.js";
import { recordKey, type SampleRecord, sampleRecordSchema } from "../core/sample-record.js";
import { DatasetError } from "../errors.js";

export interface JournalWriter {
  /**
   * Writes the record and returns it as written: its prompt digested under the journal's
   * prompt policy. Keep the returned record, not the given one, so a long prompt is not held after its sample ends.
   */
  append(record: SampleRecord): SampleRecord;
  close(): void;
}

export interface JournalOptions {
  /** What is kept of each prompt (`--journal-prompts`); default auto: long prompts as their digest. */
  prompts?: JournalPromptPolicy;
}

/** Opens `path` for appending (created if absent). Each `append` is one `write(2)` of one whole line. */
export function openJournal(path: string, options: JournalOptions = {}): JournalWriter {
  const fd = openSync(path, "a");
  const policy = options.prompts ?? "auto";
  let isClosed = false;
  return {
    append(given) {
      if (isClosed) throw new Error("journal is closed");
      const record = withJournalPrompts(given, policy);
      writeSync(fd, `${JSON.stringify(record)}\n`);
      return record;
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      closeSync(fd);
    },
  };
}

export interface JournalContents {
  /** The last record of each (benchmark, id), in first-seen order. */
  records: Map<string, SampleRecord>;
  /** Lines that could not be read: a torn final line of a killed run, for example. */
  skippedLines: number;
}

/**
 * Reads a journal. A torn last line (the process died mid-write) is skipped; a bad line elsewhere means the file
 * is not a journal and is an error naming the line.
 */
export function readJournal(path: string): JournalContents {
  const records = new Map<string, SampleRecord>();
  if (!existsSync(path)) return { records, skippedLines: 0 };
  const lines = readFileSync(path, "utf8").split("\n");
  let skippedLines = 0;
  let lastLineIndex = lines.length - 1;
  while (lastLineIndex >= 0 && (lines[lastLineIndex] ?? "").trim() === "") lastLineIndex--;
  for (let index = 0; index <= lastLineIndex; index++) {
    const line = lines[index] ?? "";
    if (line.trim() === "") continue;
    const isLastLine = index === lastLineIndex;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (error) {
      if (isLastLine) {
        skippedLines++;
        continue;
      }
      throw new DatasetError(`${path} line ${index + 1}: not valid JSON; is this a samples.jsonl journal?`, {
        cause: error,
        code: "E_JOURNAL_INVALID",
      });
    }
    const result = sampleRecordSchema.safeParse(parsed);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".") ?? "";
      throw new DatasetError(
        `${path} line ${index + 1}: field "${field}": ${issue?.message ?? "invalid"}; is this a samples.jsonl journal?`,
        { code: "E_JOURNAL_INVALID" },
      );
    }
    const record = result.data;
    records.set(recordKey(record), record);
  }
  return { records, skippedLines };
}

/** The record with its prompt as the policy keeps it (the same object when nothing changes). */
function withJournalPrompts(record: SampleRecord, policy: JournalPromptPolicy): SampleRecord {
  const prompt = journalPrompt(record.prompt, policy);
  return prompt === record.prompt ? record : { ...record, prompt };
}
