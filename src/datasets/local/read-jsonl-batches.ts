// Streams a JSON Lines file in batches of rows, line by line from disk, so a file of GBs is never in memory whole;
// a bad line names the file and its line number, as `parseJsonl` does.
import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { DatasetError } from "../../errors.js";
import type { Row } from "../types.js";
import { parseJsonlLine } from "./parse-jsonl.js";

/**
 * Calls (and awaits) `onRows` with up to `batchRows` rows at a time and the 0-based index of the batch's first
 * row; blank lines are skipped, every other line must be a JSON object.
 */
export async function readJsonlBatches(
  filePath: string,
  onRows: (rows: Row[], firstRowIndex: number) => void | Promise<void>,
  options: { batchRows?: number } = {},
): Promise<void> {
  const batchRows = options.batchRows ?? 16;
  const lines = createInterface({
    input: createReadStream(filePath, { encoding: "utf8" }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: Row[] = [];
  let firstRowIndex = 0;
  let lineNumber = 0;
  try {
    for await (const rawLine of lines) {
      lineNumber++;
      const line = rawLine.trim();
      if (line === "") continue;
      batch.push(parseJsonlLine(line, filePath, lineNumber));
      if (batch.length >= batchRows) {
        const full = batch;
        batch = [];
        await onRows(full, firstRowIndex);
        firstRowIndex += full.length;
      }
    }
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new DatasetError(`Dataset file not found: ${filePath}.`, {
        code: "E_DATASET_FILE_NOT_FOUND",
        cause: error,
      });
    }
    throw error;
  } finally {
    lines.close();
  }
  if (batch.length > 0) await onRows(batch, firstRowIndex);
}
