// The test files SWE-bench's official test command is given for an instance, derived from its test patch as
// `get_test_directives` does (SWE-bench/SWE-bench swebench/harness/test_spec/python.py and NON_TEST_EXTS in
// swebench/harness/constants/__init__.py @726c5461e2ef52d83cf1ea2107870a8bb3328d57).

/** File endings whose files are not tests (SWE-bench's list: "csv" has no dot there). */
const NON_TEST_EXTENSIONS = [
  ".json",
  ".png",
  "csv",
  ".txt",
  ".md",
  ".jpg",
  ".jpeg",
  ".pkl",
  ".yml",
  ".yaml",
  ".toml",
] as const;

/**
 * The `b/` paths of the test patch's `diff --git` lines, non-test files left out; for django the module names its
 * runner takes (`tests/` and `.py` removed, `/` → `.`).
 */
export function testDirectives(repo: string, testPatch: string): string[] {
  const directives = [...testPatch.matchAll(/diff --git a\/.* b\/(.*)/g)]
    .map((match) => match[1] ?? "")
    .filter((path) => !NON_TEST_EXTENSIONS.some((extension) => path.endsWith(extension)));
  if (repo !== "django/django") return directives;
  return directives.map((path) => {
    let module = path.endsWith(".py") ? path.slice(0, -".py".length) : path;
    if (module.startsWith("tests/")) module = module.slice("tests/".length);
    return module.replaceAll("/", ".");
  });
}
