// The files a unified diff touches, read from its file headers (`--- a/…` / `+++ b/…`) with hunk bodies skipped by
// their line counts, as `unidiff.PatchSet` reads them for SWE-bench's `get_modified_files`
// (SWE-bench/SWE-bench swebench/harness/utils.py@726c5461e2ef52d83cf1ea2107870a8bb3328d57).

export interface PatchFile {
  /** The path before the change (`a/` removed); null for a file the patch creates (`--- /dev/null`). */
  readonly sourcePath: string | null;
  /** The path after the change (`b/` removed); null for a file the patch deletes (`+++ /dev/null`). */
  readonly targetPath: string | null;
}

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

/** A header path: `a/x/y.py` → `x/y.py`, `/dev/null` → null; a tab and what follows (a timestamp) is dropped. */
function headerPath(text: string, prefix: "a/" | "b/"): string | null {
  const path = (text.split("\t")[0] ?? "").trimEnd();
  if (path === "/dev/null") return null;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** Every file of `patch`, in order. */
export function patchFiles(patch: string): PatchFile[] {
  const lines = patch.split("\n");
  const files: PatchFile[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? "";
    const next = lines[index + 1] ?? "";
    if (line.startsWith("--- ") && next.startsWith("+++ ")) {
      files.push({
        sourcePath: headerPath(line.slice(4), "a/"),
        targetPath: headerPath(next.slice(4), "b/"),
      });
      index += 2;
      continue;
    }
    const hunk = HUNK_HEADER.exec(line);
    if (hunk !== null) {
      // Skip the hunk's body: a line counts against the old side (" ", "-"), the new side (" ", "+") or neither ("\").
      let oldLeft = hunk[1] === undefined ? 1 : Number(hunk[1]);
      let newLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      index += 1;
      while (index < lines.length && (oldLeft > 0 || newLeft > 0)) {
        const body = lines[index] ?? "";
        if (body.startsWith("-")) oldLeft -= 1;
        else if (body.startsWith("+")) newLeft -= 1;
        else if (!body.startsWith("\\")) {
          oldLeft -= 1;
          newLeft -= 1;
        }
        index += 1;
      }
      continue;
    }
    index += 1;
  }
  return files;
}

/** SWE-bench's `get_modified_files`: the paths of the files that exist before the patch (not created by it). */
export function modifiedFiles(patch: string): string[] {
  return patchFiles(patch).flatMap((file) => (file.sourcePath === null ? [] : [file.sourcePath]));
}

/** The paths of the files the patch creates. */
export function createdFiles(patch: string): string[] {
  return patchFiles(patch).flatMap((file) =>
    file.sourcePath === null && file.targetPath !== null ? [file.targetPath] : [],
  );
}
