// JSON Lines: one JSON object per non-empty line; a bad line names the file and its line number.
import { DatasetError } from "../../errors.js";
import type { Row } from "../types.js";

/** Parses JSONL text; blank lines are skipped, every other line must be a JSON object. */
export function parseJsonl(text: string, source: string): Row[] {
  const rows: Row[] = [];
  let lineNumber = 0;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    lineNumber++;
    const line = text.slice(start, end).trim();
    start = end + 1;
    if (line === "") continue;
    rows.push(parseJsonlLine(line, source, lineNumber));
  }
  return rows;
}

/** One non-blank line of a JSON Lines file, which must be a JSON object; an error names `source` and the line. */
export function parseJsonlLine(line: string, source: string, lineNumber: number): Row {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatasetError(`${source} line ${lineNumber}: invalid JSON (${reason}).`, {
      code: "E_DATASET_PARSE",
      cause: error,
    });
  }
  if (!isRow(value)) {
    throw new DatasetError(
      `${source} line ${lineNumber}: expected a JSON object, got ${describeJson(value)}.`,
      {
        code: "E_DATASET_PARSE",
      },
    );
  }
  return value;
}

/** True for a plain JSON object (not an array, not null). */
export function isRow(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A short description of a JSON value's kind for error messages. */
export function describeJson(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
