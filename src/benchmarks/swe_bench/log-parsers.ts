// SWE-bench's per-repository test-log parsers: a test run's output → each test's status. Ported from the facts of
// SWE-bench/SWE-bench swebench/harness/log_parsers/python.py@726c5461e2ef52d83cf1ea2107870a8bb3328d57 (v4.1.0):
// pytest's `-rA` summary lines (`PASSED path::test`), django's unittest verbosity-2 lines (`test (module.Class) ...
// ok`), sympy's `bin/test` lines (`test_name ok|F|E` and `____ path.py:test ____` failure headers).

/** SWE-bench's `TestStatus` values; a log line starting with one of them is a result line. */
export const SWE_TEST_STATUSES = ["FAILED", "PASSED", "SKIPPED", "ERROR", "XFAIL"] as const;
export type SweTestStatus = (typeof SWE_TEST_STATUSES)[number];

/** Test id → status (the last line naming a test wins, as in SWE-bench's dicts). */
export type TestStatusMap = Map<string, string>;
export type LogParser = (log: string) => TestStatusMap;

/** Python's `str.split()`: runs of whitespace, no empty ends. */
function words(line: string): string[] {
  const trimmed = line.trim();
  return trimmed === "" ? [] : trimmed.split(/\s+/);
}

function startsWithStatus(line: string): boolean {
  return SWE_TEST_STATUSES.some((status) => line.startsWith(status));
}

/** `STATUS id` lines of pytest's summary, a FAILED line's ` - message` separator dropped first; ids through `name`. */
function pytestSummary(log: string, name: (id: string) => string): TestStatusMap {
  const map: TestStatusMap = new Map();
  for (let line of log.split("\n")) {
    if (!startsWithStatus(line)) continue;
    if (line.startsWith("FAILED")) line = line.replaceAll(" - ", " ");
    const parts = words(line);
    if (parts.length <= 1) continue;
    map.set(name(parts[1] ?? ""), parts[0] ?? "");
  }
  return map;
}

/** `parse_log_pytest`: `STATUS id` lines; a FAILED line's ` - message` separator is dropped first. */
export function parseLogPytest(log: string): TestStatusMap {
  return pytestSummary(log, (id) => id);
}

/**
 * `parse_log_pytest_options`: as `parseLogPytest`, but a parameter that is an absolute path (`[/tmp/x/y]`, not `//`
 * and no `*`) is cut to its last component (`[/y]`), since temporary paths differ between runs.
 */
export function parseLogPytestOptions(log: string): TestStatusMap {
  return pytestSummary(log, (id) => {
    const option = /(.*?)\[(.*)\]/.exec(id);
    if (option === null) return id;
    const main = option[1] ?? "";
    let parameter = option[2] ?? "";
    if (parameter.startsWith("/") && !parameter.startsWith("//") && !parameter.includes("*")) {
      parameter = `/${parameter.split("/").at(-1) ?? ""}`;
    }
    return `${main}[${parameter}]`;
  });
}

/** `parse_log_pytest_v2`: colour codes and control characters removed; also `id STATUS` lines of older pytest. */
export function parseLogPytestV2(log: string): TestStatusMap {
  const map: TestStatusMap = new Map();
  for (const raw of log.split("\n")) {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: SWE-bench removes the characters 1-31.
    let line = raw.replace(/\[(\d+)m/g, "").replace(/[\x01-\x1f]/g, "");
    if (startsWithStatus(line)) {
      if (line.startsWith("FAILED")) line = line.replaceAll(" - ", " ");
      const parts = words(line);
      if (parts.length >= 2) map.set(parts[1] ?? "", parts[0] ?? "");
    } else if (SWE_TEST_STATUSES.some((status) => line.endsWith(status))) {
      const parts = words(line);
      if (parts.length >= 2) map.set(parts[0] ?? "", parts[1] ?? "");
    }
  }
  return map;
}

/** `parse_log_matplotlib`: `parseLogPytest` with `MouseButton.LEFT`/`RIGHT` written as 1/3, as in the test ids. */
export function parseLogMatplotlib(log: string): TestStatusMap {
  return parseLogPytest(log.replaceAll("MouseButton.LEFT", "1").replaceAll("MouseButton.RIGHT", "3"));
}

/** `parse_log_seaborn`: `FAILED id`, `PASSED id`, and `id PASSED …` (pytest's verbose progress lines). */
export function parseLogSeaborn(log: string): TestStatusMap {
  const map: TestStatusMap = new Map();
  for (const line of log.split("\n")) {
    const parts = words(line);
    if (parts.length < 2) continue;
    if (line.startsWith("FAILED")) map.set(parts[1] ?? "", "FAILED");
    else if (line.includes(" PASSED ")) {
      if (parts[1] === "PASSED") map.set(parts[0] ?? "", "PASSED");
    } else if (line.startsWith("PASSED")) map.set(parts[1] ?? "", "PASSED");
  }
  return map;
}

/** `parse_log_sympy`: `____ path.py:test ____` failure headers, then `test_x ok|F|E` result lines. */
export function parseLogSympy(log: string): TestStatusMap {
  const map: TestStatusMap = new Map();
  for (const match of log.matchAll(/(_*) (.*)\.py:(.*) (_*)/g)) {
    map.set(`${match[2] ?? ""}.py:${match[3] ?? ""}`, "FAILED");
  }
  for (const raw of log.split("\n")) {
    const line = raw.trim();
    if (!line.startsWith("test_")) continue;
    const test = words(line)[0] ?? "";
    if (line.endsWith(" E")) map.set(test, "ERROR");
    if (line.endsWith(" F")) map.set(test, "FAILED");
    if (line.endsWith(" ok")) map.set(test, "PASSED");
  }
  return map;
}

/** The runner's long messages that can split a django result line (`test ... <message>\nok`). */
const DJANGO_SPLIT_RESULTS = [
  /^(.*?)\s\.\.\.\sTesting against Django installed in ([\s\S]*?) silenced\)\.\nok$/gm,
  /^(.*?)\s\.\.\.\sInternal Server Error: \/(.*)\/\nok$/gm,
  /^(.*?)\s\.\.\.\sSystem check identified no issues \(0 silenced\)\nok$/gm,
];

/** `parse_log_django`: unittest's `name (module.Class) ... ok|FAIL|ERROR|skipped` lines and `FAIL:`/`ERROR:` headers. */
export function parseLogDjango(log: string): TestStatusMap {
  const map: TestStatusMap = new Map();
  let previousTest: string | undefined;
  for (const raw of log.split("\n")) {
    let line = raw.trim();
    if (line.includes("--version is equivalent to version")) {
      map.set("--version is equivalent to version", "PASSED");
    }
    if (line.includes(" ... ")) previousTest = line.split(" ... ")[0];
    for (const suffix of [" ... ok", " ... OK", " ...  OK"]) {
      if (!line.endsWith(suffix)) continue;
      // SWE-bench's fix for django__django-7188, whose migration output shares the test's line.
      if (line.startsWith("Applying sites.0002_alter_domain_unique...test_no_migrations")) {
        line = line.slice(line.indexOf("...") + 3).trim();
      }
      map.set(line.slice(0, line.lastIndexOf(suffix)), "PASSED");
      break;
    }
    if (line.includes(" ... skipped")) map.set(line.split(" ... skipped")[0] ?? "", "SKIPPED");
    if (line.endsWith(" ... FAIL")) map.set(line.split(" ... FAIL")[0] ?? "", "FAILED");
    const header = words(line)[1];
    if (line.startsWith("FAIL:") && header !== undefined) map.set(header, "FAILED");
    if (line.endsWith(" ... ERROR")) map.set(line.split(" ... ERROR")[0] ?? "", "ERROR");
    if (line.startsWith("ERROR:") && header !== undefined) map.set(header, "ERROR");
    // The result on a line of its own after the test printed something.
    if (line.startsWith("ok") && previousTest !== undefined) map.set(previousTest, "PASSED");
  }
  for (const pattern of DJANGO_SPLIT_RESULTS) {
    for (const match of log.matchAll(pattern)) map.set(match[1] ?? "", "PASSED");
  }
  return map;
}

/** SWE-bench's `MAP_REPO_TO_PARSER_PY` for the twelve repositories of SWE-bench (full and Verified). */
const PARSERS_BY_REPO: Readonly<Record<string, LogParser>> = {
  "astropy/astropy": parseLogPytestV2,
  "django/django": parseLogDjango,
  "matplotlib/matplotlib": parseLogMatplotlib,
  "mwaskom/seaborn": parseLogSeaborn,
  "pallets/flask": parseLogPytest,
  "psf/requests": parseLogPytestOptions,
  "pydata/xarray": parseLogPytest,
  "pylint-dev/pylint": parseLogPytestOptions,
  "pytest-dev/pytest": parseLogPytest,
  "scikit-learn/scikit-learn": parseLogPytestV2,
  "sphinx-doc/sphinx": parseLogPytestV2,
  "sympy/sympy": parseLogSympy,
};

/** The parser of `repo`'s official test output; undefined for a repository SWE-bench has none for here. */
export function logParserFor(repo: string): LogParser | undefined {
  return PARSERS_BY_REPO[repo];
}
