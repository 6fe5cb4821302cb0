// Reads a parquet file's rows with hyparquet, as plain objects with safe integers as numbers: all at once, or one
// row group at a time (so a file of GBs of text is never in memory whole).
import { readFile } from "node:fs/promises";
import {
  type AsyncBuffer,
  asyncBufferFromFile,
  type FileMetaData,
  parquetMetadataAsync,
  parquetReadObjects,
} from "hyparquet";
import { DatasetError } from "../../errors.js";
import type { Row } from "../types.js";

/** Files up to this size are read into memory at once; larger ones are read in slices. */
const IN_MEMORY_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * Reads a parquet file's rows. INT64 values come out of hyparquet as `bigint`; those within
 * `Number.MAX_SAFE_INTEGER` become numbers (so zod schemas can say `z.number()`), larger ones stay `bigint`.
 */
export async function readParquetRows(filePath: string, options: { sizeBytes: number }): Promise<Row[]> {
  let file: AsyncBuffer;
  if (options.sizeBytes <= IN_MEMORY_LIMIT_BYTES) {
    const bytes = await readFile(filePath);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    file = { byteLength: buffer.byteLength, slice: (start, end) => buffer.slice(start, end) };
  } else {
    file = await asyncBufferFromFile(filePath);
  }
  const rows = await readOrExplain(filePath, () => parquetReadObjects({ file }));
  for (const row of rows) normalizeRow(row);
  return rows;
}

/**
 * Reads a parquet file one row group at a time, from disk in slices: `onRows` gets each group's rows (normalized
 * as `readParquetRows` does) and the 0-based index of its first row in the file, and is awaited before the next
 * group is read. Only one group's rows are in memory at once.
 */
export async function readParquetRowGroups(
  filePath: string,
  onRows: (rows: Row[], firstRowIndex: number) => void | Promise<void>,
): Promise<void> {
  const file = await asyncBufferFromFile(filePath);
  const metadata: FileMetaData = await readOrExplain(filePath, () => parquetMetadataAsync(file));
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    if (rowEnd > rowStart) {
      const rows = await readOrExplain(filePath, () =>
        parquetReadObjects({ file, metadata, rowStart, rowEnd }),
      );
      for (const row of rows) normalizeRow(row);
      await onRows(rows, rowStart);
    }
    rowStart = rowEnd;
  }
}

async function readOrExplain<T>(filePath: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatasetError(`${filePath}: not a readable parquet file (${reason}).`, {
      code: "E_DATASET_PARSE",
      cause: error,
    });
  }
}

function normalizeRow(row: Record<string, unknown>): void {
  for (const key of Object.keys(row)) row[key] = normalizeValue(row[key]);
}

function normalizeValue(value: unknown): unknown {
  if (typeof value === "bigint") {
    return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
      ? Number(value)
      : value;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) value[index] = normalizeValue(value[index]);
    return value;
  }
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = normalizeValue(record[key]);
  }
  return value;
}
