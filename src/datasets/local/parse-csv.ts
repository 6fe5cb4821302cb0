// An RFC 4180 CSV parser: quoted fields with commas, doubled quotes and newlines, CRLF or LF line ends.
import { DatasetError } from "../../errors.js";
import type { Row } from "../types.js";

export interface ParseCsvOptions {
  /** File name for error messages. */
  source: string;
  /** Field names when the file has no header row; otherwise the first row names the fields. */
  header?: readonly string[];
  /** Between fields: "," (default) or a tab (TSV). */
  delimiter?: "," | "\t";
}

/** Parses CSV text into rows keyed by the header's field names; every value is a string. Blank lines are skipped. */
export function parseCsv(text: string, options: ParseCsvOptions): Row[] {
  const records = parseCsvRecords(
    text.charCodeAt(0) === 0xfeff ? text.slice(1) : text,
    options.source,
    options.delimiter === "\t" ? TAB : COMMA,
  );
  let header = options.header;
  let firstDataIndex = 0;
  if (header === undefined) {
    const first = records[0];
    if (first === undefined) return [];
    header = first.fields;
    firstDataIndex = 1;
  }
  const rows: Row[] = [];
  for (let index = firstDataIndex; index < records.length; index++) {
    const record = records[index];
    if (record === undefined) continue;
    if (record.fields.length !== header.length) {
      throw new DatasetError(
        `${options.source} line ${record.line}: expected ${header.length} fields (${header.join(", ")}), found ${record.fields.length}.`,
        { code: "E_DATASET_PARSE" },
      );
    }
    const row: Row = {};
    for (let column = 0; column < header.length; column++) {
      row[header[column] ?? String(column)] = record.fields[column];
    }
    rows.push(row);
  }
  return rows;
}

interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

const QUOTE = 34;
const COMMA = 44;
const TAB = 9;
const LF = 10;
const CR = 13;

function parseCsvRecords(text: string, source: string, separator = COMMA): CsvRecord[] {
  const records: CsvRecord[] = [];
  const length = text.length;
  let position = 0;
  let line = 1;
  while (position < length) {
    const startLine = line;
    const fields: string[] = [];
    let isRecordEnd = false;
    while (!isRecordEnd) {
      let value: string;
      if (text.charCodeAt(position) === QUOTE) {
        // Quoted field: runs to the next quote that is not doubled.
        let cursor = position + 1;
        let pieces = "";
        for (;;) {
          const quoteAt = text.indexOf('"', cursor);
          if (quoteAt === -1) {
            throw new DatasetError(`${source} line ${startLine}: a quoted field is never closed.`, {
              code: "E_DATASET_PARSE",
            });
          }
          pieces += text.slice(cursor, quoteAt);
          if (text.charCodeAt(quoteAt + 1) === QUOTE) {
            pieces += '"';
            cursor = quoteAt + 2;
            continue;
          }
          cursor = quoteAt + 1;
          break;
        }
        line += countNewlines(text, position, cursor);
        value = pieces;
        position = cursor;
        const next = text.charCodeAt(position);
        if (position < length && next !== separator && next !== LF && next !== CR) {
          throw new DatasetError(`${source} line ${line}: unexpected text after a closing quote.`, {
            code: "E_DATASET_PARSE",
          });
        }
      } else {
        let cursor = position;
        for (; cursor < length; cursor++) {
          const code = text.charCodeAt(cursor);
          if (code === separator || code === LF || code === CR) break;
        }
        value = text.slice(position, cursor);
        position = cursor;
      }
      fields.push(value);
      const code = text.charCodeAt(position);
      if (code === separator) {
        position++;
      } else {
        if (code === CR) position++;
        if (text.charCodeAt(position) === LF) position++;
        if (position <= length) line++;
        isRecordEnd = true;
      }
    }
    const isBlank = fields.length === 1 && fields[0] === "";
    if (!isBlank) records.push({ line: startLine, fields });
  }
  return records;
}

function countNewlines(text: string, start: number, end: number): number {
  let count = 0;
  for (
    let index = text.indexOf("\n", start);
    index !== -1 && index < end;
    index = text.indexOf("\n", index + 1)
  ) {
    count++;
  }
  return count;
}
