// SWE-bench's test directives from a test patch: file paths, non-test files left out, django's module names.
import { describe, expect, it } from "vitest";
import { testDirectives } from "./test-directives.js";

const header = (path: string) =>
  `diff --git a/${path} b/${path}\n--- a/${path}\n+++ b/${path}\n@@ -1 +1 @@\n-a\n+b\n`;

describe("testDirectives", () => {
  it("lists the test patch's files without data files", () => {
    const patch = [
      header("astropy/modeling/tests/test_separable.py"),
      header("astropy/modeling/tests/data/expected.json"),
      header("docs/changes.txt"),
      header("tests/data/table.csv"),
      header("tests/test_io.py"),
    ].join("");
    expect(testDirectives("astropy/astropy", patch)).toEqual([
      "astropy/modeling/tests/test_separable.py",
      "tests/test_io.py",
    ]);
  });

  it("gives django's runner module names", () => {
    const patch = [header("tests/model_fields/tests.py"), header("tests/admin_views/test_forms.py")].join("");
    expect(testDirectives("django/django", patch)).toEqual(["model_fields.tests", "admin_views.test_forms"]);
  });

  it("takes the b/ path of a rename", () => {
    expect(
      testDirectives("pytest-dev/pytest", "diff --git a/testing/old.py b/testing/test_new.py\n"),
    ).toEqual(["testing/test_new.py"]);
  });
});
