// The run's journal: one graded sample a line, written synchronously so a killed process loses only requests in flight.
import { closeSync, existsSync, fstatSync, ftruncateSync, openSync, readFileSync } from "node:fs";
import { type JournalPromptPolicy, journalPrompt } from "../core/journal-prompt.js";
import { repairTornTail } from "../core/repair-torn-tail.js";
import { recordKey, type SampleRecord, sampleRecordSchema } from "../core/sample-record.js";
import { writeAllSync } from "../core/write-file-atomic.js";
import { DatasetError, OutputWriteError } from "../errors.js";

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
  /** Told when a torn last line (a write cut short by a kill or a full disk) was dropped before appending. */
  onWarning?: ((message: string) => void) | undefined;
}

/**
 * Opens `path` for appending (created if absent). A torn last line left by a killed run is cut off first, so the next
 * record starts on a line of its own. Each `append` writes one whole line; a write that fails (a full disk, a
 * read-only file system) throws an `OutputWriteError`, takes back the part of the line it wrote where it can, and
 * leaves the writer refusing further records — the journal ends at its last complete line.
 */
export function openJournal(path: string, options: JournalOptions = {}): JournalWriter {
  let dropped: number;
  let fd: number;
  let size: number;
  try {
    dropped = existsSync(path) ? repairTornTail(path, isWholeRecord) : 0;
    fd = openSync(path, "a");
    size = fstatSync(fd).size;
  } catch (error) {
    throw new OutputWriteError(path, error);
  }
  if (dropped > 0) {
    options.onWarning?.(
      `${path}: its last line was torn (${dropped} bytes: the run stopped mid-write) and was dropped; ` +
        "that sample is asked again.",
    );
  }
  const policy = options.prompts ?? "auto";
  let isClosed = false;
  let failure: OutputWriteError | undefined;
  return {
    append(given) {
      if (isClosed) throw new Error("journal is closed");
      if (failure !== undefined) throw failure;
      const record = withJournalPrompts(given, policy);
      const bytes = Buffer.from(`${JSON.stringify(record)}\n`);
      try {
        writeAllSync(fd, bytes);
      } catch (error) {
        failure = new OutputWriteError(path, error);
        takeBack(fd, size);
        throw failure;
      }
      size += bytes.length;
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

/** Cuts off the part of a line a failed write left (on a read-only file system it stays: a resume cuts it off). */
function takeBack(fd: number, size: number): void {
  try {
    ftruncateSync(fd, size);
  } catch {
    // The next open repairs the tail (`repairTornTail`).
  }
}

/** A last line without its newline that is nevertheless a whole record (the kill came just before the newline). */
function isWholeRecord(line: string): boolean {
  try {
    return sampleRecordSchema.safeParse(JSON.parse(line)).success;
  } catch {
    return false;
  }
}

/** The record with its prompt as the policy keeps it (the same object when nothing changes). */
function withJournalPrompts(record: SampleRecord, policy: JournalPromptPolicy): SampleRecord {
  const prompt = journalPrompt(record.prompt, policy);
  return prompt === record.prompt ? record : { ...record, prompt };
}
