// Temporary folders of definition files and data for the BYOB tests, removed with `removeTempFolders`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const created: string[] = [];

/** A folder with `files` written in it (an array of objects as JSONL lines), its subfolders made as needed. */
export function tempFolder(files: Record<string, string | readonly object[]>, prefix = "byob-"): string {
  const directory = mkdtempSync(path.join(tmpdir(), prefix));
  created.push(directory);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(directory, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      typeof content === "string" ? content : `${content.map((row) => JSON.stringify(row)).join("\n")}\n`,
    );
  }
  return directory;
}

/** Removes every folder `tempFolder` made. */
export function removeTempFolders(): void {
  for (const directory of created.splice(0)) rmSync(directory, { recursive: true, force: true });
}
