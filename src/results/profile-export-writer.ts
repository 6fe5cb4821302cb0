// `profile_export.jsonl`: one request a line, written as bytes into a buffer that is flushed to the file as it fills
// (never held whole).
import { closeSync, existsSync, openSync } from "node:fs";
import { isJsonText } from "../core/complete-json-lines.js";
import { repairTornTail } from "../core/repair-torn-tail.js";
import { writeAllSync } from "../core/write-file-atomic.js";
import { JsonLineBytes } from "./json-line-bytes.js";

export interface ProfileExportWriter {
  /** Where the next line is written (see `JsonLineBytes`); call `endLine` after each. */
  readonly line: JsonLineBytes;
  /** Ends the line being written (adds its newline) and flushes when the buffer is full. */
  endLine(): void;
  close(): void;
}

const FLUSH_BYTES = 256 * 1024;

/** `isAppend`: a resumed session adds its lines after the earlier sessions'. */
export function openProfileExport(path: string, options: { isAppend?: boolean } = {}): ProfileExportWriter {
  // A torn last line of a killed session is cut off, so the first line appended starts a line of its own.
  if (options.isAppend === true && existsSync(path)) repairTornTail(path, isJsonText);
  const fd = openSync(path, options.isAppend === true ? "a" : "w");
  const line = new JsonLineBytes(FLUSH_BYTES + 16 * 1024);
  let isClosed = false;
  const flush = (): void => {
    const bytes = line.take();
    writeAllSync(fd, bytes);
  };
  return {
    line,
    endLine() {
      if (isClosed) throw new Error("profile export is closed");
      line.newline();
      if (line.length >= FLUSH_BYTES) flush();
    },
    close() {
      if (isClosed) return;
      flush();
      isClosed = true;
      closeSync(fd);
    },
  };
}
