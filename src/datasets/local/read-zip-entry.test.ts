import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatasetError } from "../../errors.js";
import { writeZip } from "../test-support/write-zip.js";
import { readZipEntry } from "./read-zip-entry.js";

const dir = mkdtempSync(join(tmpdir(), "zip-entry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEXT = `${'{"id": "a", "input": "é ✓"}\n'.repeat(300)}`;

/** An archive written by CPython's zipfile (a real ZIP writer): a folder, a deflated, a stored and a forced-ZIP64 entry. */
function pythonZip(path: string): void {
  execFileSync(
    "python3",
    [
      "-c",
      [
        "import sys, zipfile",
        "text = sys.stdin.read()",
        "with zipfile.ZipFile(sys.argv[1], 'w') as z:",
        "    z.writestr(zipfile.ZipInfo('squality/'), '')",
        "    z.writestr('squality/validation.jsonl', text, compress_type=zipfile.ZIP_DEFLATED)",
        "    z.writestr('squality/test.jsonl', 'stored\\n', compress_type=zipfile.ZIP_STORED)",
        "    with z.open('squality/big.txt', 'w', force_zip64=True) as f: f.write(text.encode())",
      ].join("\n"),
      path,
    ],
    { input: TEXT },
  );
}

describe("readZipEntry", () => {
  it("reads deflated and stored entries, and one behind a ZIP64 local header, of an archive CPython wrote", async () => {
    const path = join(dir, "python.zip");
    pythonZip(path);
    expect((await readZipEntry(path, "squality/validation.jsonl")).toString("utf8")).toBe(TEXT);
    expect((await readZipEntry(path, "squality/test.jsonl")).toString("utf8")).toBe("stored\n");
    expect((await readZipEntry(path, "squality/big.txt")).toString("utf8")).toBe(TEXT);
  });

  it("writes archives (the test support's) that CPython's zipfile verifies", () => {
    const path = join(dir, "ours.zip");
    writeZip(path, { "qasper/validation.jsonl": TEXT, "qasper/test.jsonl": "x\n" });
    const checked = execFileSync("python3", [
      "-c",
      "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip(), len(z.read('qasper/validation.jsonl')))",
      path,
    ]).toString();
    expect(checked.trim()).toBe(`None ${Buffer.byteLength(TEXT)}`);
  });

  it("reads an archive whose central directory is in ZIP64 form (sizes and offsets in the extra field)", async () => {
    const path = join(dir, "zip64.zip");
    writeZip(path, { "gov_report/validation.jsonl": TEXT, "gov_report/test.jsonl": "t\n" }, { zip64: true });
    // CPython reads the same archive through its ZIP64 records.
    const checked = execFileSync("python3", [
      "-c",
      "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print(z.testzip(), z.read('gov_report/test.jsonl'))",
      path,
    ]).toString();
    expect(checked.trim()).toBe("None b't\\n'");
    expect((await readZipEntry(path, "gov_report/validation.jsonl")).toString("utf8")).toBe(TEXT);
    expect((await readZipEntry(path, "gov_report/test.jsonl")).toString("utf8")).toBe("t\n");
  });

  it("names the entries it has when the one asked for is missing", async () => {
    const path = join(dir, "missing.zip");
    writeZip(path, { "qasper/test.jsonl": "x\n" });
    const error = await readZipEntry(path, "qasper/validation.jsonl", "tau/zero_scrolls qasper.zip").catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as Error).message).toBe(
      "tau/zero_scrolls qasper.zip has no file qasper/validation.jsonl; it holds qasper/test.jsonl.",
    );
  });

  it("refuses a file that is not a ZIP archive, saying how to recover", async () => {
    const path = join(dir, "not.zip");
    writeFileSync(path, "<html>rate limited</html>");
    await expect(readZipEntry(path, "a")).rejects.toThrow(/is not a readable ZIP archive .*delete it/);
  });
});
