// Streaming JSON lines: the rows parseJsonl reads, in batches with their first row's index, blank lines skipped;
// a bad line named by file and line number.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import type { Row } from "../types.js";
import { parseJsonl } from "./parse-jsonl.js";
import { readJsonlBatches } from "./read-jsonl-batches.js";

const dir = mkdtempSync(path.join(tmpdir(), "jsonl-batches-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("readJsonlBatches", () => {
  it("reads the rows parseJsonl reads, in batches, skipping blank lines", async () => {
    const lines = Array.from({ length: 11 }, (_, index) => JSON.stringify({ index, text: `ünï ${index}` }));
    const text = `${lines.slice(0, 4).join("\n")}\n\n${lines.slice(4).join("\r\n")}\n`;
    const file = path.join(dir, "rows.jsonl");
    writeFileSync(file, text);
    const parts: [number, Row[]][] = [];
    await readJsonlBatches(file, (rows, firstRowIndex) => void parts.push([firstRowIndex, rows]), {
      batchRows: 4,
    });
    expect(parts.map(([first, rows]) => [first, rows.length])).toEqual([
      [0, 4],
      [4, 4],
      [8, 3],
    ]);
    expect(parts.flatMap(([, rows]) => rows)).toEqual(parseJsonl(text, file));
  });

  it("names the file and line of a line that is not a JSON object", async () => {
    const file = path.join(dir, "bad.jsonl");
    writeFileSync(file, `{"a": 1}\n\n[1, 2]\n`);
    const error = await readJsonlBatches(file, () => undefined).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).message).toBe(`${file} line 3: expected a JSON object, got an array.`);
  });
});
