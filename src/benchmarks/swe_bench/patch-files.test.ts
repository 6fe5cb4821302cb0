// The files of a unified diff (SWE-bench's `get_modified_files`), hunk bodies that look like headers not mistaken.
import { describe, expect, it } from "vitest";
import { createdFiles, modifiedFiles, patchFiles } from "./patch-files.js";

const PATCH = `diff --git a/src/calc.py b/src/calc.py
index 3b18e51..a1c2d3e 100644
--- a/src/calc.py
+++ b/src/calc.py
@@ -1,4 +1,4 @@
 def f():
--- a/not/a/header
+++ b/not/a/header
     return 1
diff --git a/tests/test_new.py b/tests/test_new.py
new file mode 100644
index 0000000..e69de29
--- /dev/null
+++ b/tests/test_new.py
@@ -0,0 +1,2 @@
+def test_x():
+    pass
diff --git a/old.txt b/old.txt
deleted file mode 100644
--- a/old.txt
+++ /dev/null
@@ -1 +0,0 @@
-gone
\\ No newline at end of file
`;

describe("patchFiles", () => {
  it("reads each file's header, skipping hunk bodies by their counts", () => {
    expect(patchFiles(PATCH)).toEqual([
      { sourcePath: "src/calc.py", targetPath: "src/calc.py" },
      { sourcePath: null, targetPath: "tests/test_new.py" },
      { sourcePath: "old.txt", targetPath: null },
    ]);
  });

  it("gives modified (existing) and created files", () => {
    expect(modifiedFiles(PATCH)).toEqual(["src/calc.py", "old.txt"]);
    expect(createdFiles(PATCH)).toEqual(["tests/test_new.py"]);
  });

  it("drops a timestamp after a tab and reads a hunk header without counts", () => {
    const plain = "--- a/x.py\t2024-01-01 00:00:00\n+++ b/x.py\t2024-01-02 00:00:00\n@@ -1 +1 @@\n-a\n+b\n";
    expect(patchFiles(plain)).toEqual([{ sourcePath: "x.py", targetPath: "x.py" }]);
  });
});
