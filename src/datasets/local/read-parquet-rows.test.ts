// The parquet readers: every row at once, or one row group at a time with each group's first row index, the same
// rows either way; INT64 values as numbers; an unreadable file named in a DatasetError.
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";
import { afterAll, describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import type { Row } from "../types.js";
import { readParquetRowGroups, readParquetRows } from "./read-parquet-rows.js";

const dir = mkdtempSync(path.join(tmpdir(), "parquet-groups-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COUNT = 23;
const texts = Array.from({ length: COUNT }, (_, index) => `row ${index} · ${"ж".repeat(index * 10)}`);

function writeFixture(name: string, rowGroupSize: number): string {
  const file = path.join(dir, name);
  const buffer = parquetWriteBuffer({
    columnData: [
      { name: "text", data: texts, type: "STRING" },
      { name: "n", data: texts.map((_, index) => BigInt(index)), type: "INT64" },
    ],
    rowGroupSize,
  });
  writeFileSync(file, new Uint8Array(buffer));
  return file;
}

describe("readParquetRowGroups", () => {
  it("hands over each row group in turn, with its first row's index, as readParquetRows reads them all", async () => {
    const file = writeFixture("groups.parquet", 5);
    const parts: { firstRowIndex: number; rows: Row[] }[] = [];
    await readParquetRowGroups(file, async (rows, firstRowIndex) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      parts.push({ firstRowIndex, rows });
    });
    expect(parts.map((part) => [part.firstRowIndex, part.rows.length])).toEqual([
      [0, 5],
      [5, 5],
      [10, 5],
      [15, 5],
      [20, 3],
    ]);
    const streamed = parts.flatMap((part) => part.rows);
    expect(streamed).toEqual(texts.map((text, index) => ({ text, n: index })));
    expect(streamed).toEqual(await readParquetRows(file, { sizeBytes: statSync(file).size }));
  });

  it("reads a file of one row group in one part", async () => {
    const file = writeFixture("one-group.parquet", 1000);
    const sizes: number[] = [];
    await readParquetRowGroups(file, (rows) => {
      sizes.push(rows.length);
    });
    expect(sizes).toEqual([COUNT]);
  });

  it("names a file that is not parquet", async () => {
    const file = path.join(dir, "not.parquet");
    writeFileSync(file, "these are not parquet bytes at all, just text");
    const error = await readParquetRowGroups(file, () => undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).message).toContain(`${file}: not a readable parquet file`);
  });
});
