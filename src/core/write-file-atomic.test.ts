import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { OutputWriteError } from "../errors.js";
import { removeStaleTemporaries, writeFileAtomic } from "./write-file-atomic.js";

const scratch = () => mkdtempSync(join(tmpdir(), "atomic-"));

describe("writeFileAtomic", () => {
  it("replaces a file's contents and leaves no temporary file", () => {
    const directory = scratch();
    const path = join(directory, "run.json");
    writeFileSync(path, "old");
    writeFileAtomic(path, '{"new": true}\n');
    writeFileAtomic(join(directory, "bytes.bin"), new Uint8Array([1, 2, 3]));
    expect(readFileSync(path, "utf8")).toBe('{"new": true}\n');
    expect([...readFileSync(join(directory, "bytes.bin"))]).toEqual([1, 2, 3]);
    expect(readdirSync(directory).sort()).toEqual(["bytes.bin", "run.json"]);
  });

  it("throws an OutputWriteError naming the path, and writes nothing, when the directory is missing", () => {
    const directory = scratch();
    const path = join(directory, "gone", "mmlu.json");
    expect(() => writeFileAtomic(path, "{}")).toThrow(
      new RegExp(
        `^cannot write ${path}: .*ENOENT.*\\. Make ${join(directory, "gone")} writable, then try again\\.$`,
      ),
    );
    expect(() => writeFileAtomic(path, "{}")).toThrow(OutputWriteError);
    expect(readdirSync(directory)).toEqual([]);
  });

  it("keeps the old file when the new one cannot be renamed over it (a directory in its place)", () => {
    const directory = scratch();
    const path = join(directory, "accuracy_results.csv");
    // A directory where the file goes: the temporary file is written, the rename fails, the temporary file goes.
    mkdtempSync(join(directory, "x"));
    const blocked = join(directory, readdirSync(directory)[0] ?? "");
    writeFileSync(join(blocked, "inside"), "kept");
    expect(() => writeFileAtomic(blocked, "a,b\n")).toThrow(OutputWriteError);
    expect(readFileSync(join(blocked, "inside"), "utf8")).toBe("kept");
    expect(readdirSync(directory)).toEqual([readdirSync(directory)[0]]);
    writeFileAtomic(path, "Task\n");
    expect(readFileSync(path, "utf8")).toBe("Task\n");
  });
});

describe("removeStaleTemporaries", () => {
  it("removes a dead writer's temporary files and keeps a live one's and every other file", () => {
    const directory = scratch();
    // A pid past the kernel's limit (4,194,304) is never a running process.
    const dead = ".run.json.4999999-0a1b2c3d.tmp";
    const live = `.gsm8k.json.${process.pid}-deadbeef.tmp`;
    for (const name of [dead, live, "run.json", ".hidden", "notes.tmp"])
      writeFileSync(join(directory, name), "x");
    expect(removeStaleTemporaries(directory)).toEqual([dead]);
    expect(readdirSync(directory).sort()).toEqual(
      [".gsm8k.json." + process.pid + "-deadbeef.tmp", ".hidden", "notes.tmp", "run.json"].sort(),
    );
  });
});
