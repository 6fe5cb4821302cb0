// The archives files go into containers as: every parent directory present, modes kept (scripts executable), a host
// directory's symlinks kept, paths that would leave the target refused, and one file read back out.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { packDirectory, packFiles, readFirstFile } from "./tar-archive.js";

async function listing(archive: Buffer): Promise<string[]> {
  const extract = tar.extract();
  Readable.from([archive]).pipe(extract);
  const names: string[] = [];
  for await (const entry of extract) {
    const { name, type, mode, linkname } = entry.header;
    names.push(
      type === "symlink"
        ? `symlink ${name} -> ${linkname}`
        : `${type} ${name} ${((mode ?? 0) & 0o777).toString(8)}`,
    );
    entry.resume();
  }
  return names;
}

describe("packFiles", () => {
  it("places files under the directory with their parents, .sh files executable", async () => {
    const archive = await packFiles("/app/tests", [
      { path: "run-tests.sh", content: "#!/bin/sh\n" },
      { path: "sub/data.json", content: "{}", mode: 0o600 },
    ]);
    expect(await listing(archive)).toEqual([
      "directory app 755",
      "directory app/tests 755",
      "file app/tests/run-tests.sh 755",
      "directory app/tests/sub 755",
      "file app/tests/sub/data.json 600",
    ]);
  });

  it("refuses a path that leaves the directory", async () => {
    await expect(packFiles("/app", [{ path: "../etc/passwd", content: "x" }])).rejects.toThrow(
      /leaves \/app/,
    );
  });
});

describe("packDirectory", () => {
  it("keeps a host directory's tree, modes and symlinks", async () => {
    const host = mkdtempSync(join(tmpdir(), "llm-bench-tar-"));
    try {
      mkdirSync(join(host, "bin"));
      writeFileSync(join(host, "bin", "tool"), "#!/bin/sh\n");
      chmodSync(join(host, "bin", "tool"), 0o750);
      writeFileSync(join(host, "README"), "read me\n");
      chmodSync(join(host, "README"), 0o644);
      symlinkSync("bin/tool", join(host, "tool"));
      expect(await listing(await packDirectory(host, "/opt/task"))).toEqual([
        "directory opt 755",
        "directory opt/task 755",
        "file opt/task/README 644",
        expect.stringMatching(/^directory opt\/task\/bin \d+$/),
        "file opt/task/bin/tool 750",
        "symlink opt/task/tool -> bin/tool",
      ]);
    } finally {
      rmSync(host, { recursive: true, force: true });
    }
  });
});

describe("readFirstFile", () => {
  it("reads the file an archive holds", async () => {
    const archive = await packFiles("/", [{ path: "out.txt", content: "result\n" }]);
    expect((await readFirstFile(Readable.from([archive])))?.toString()).toBe("result\n");
  });
});
