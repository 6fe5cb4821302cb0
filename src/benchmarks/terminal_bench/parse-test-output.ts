// Test results from a run of a task's run-tests.sh, read as Terminal-Bench's parsers read the test pane
// (terminal_bench/parsers/pytest_parser.py, swebench_parser.py, base_parser.py @ LONGCLI_COMMIT), and the verdict
// as its harness decides it (`Harness._is_resolved`, terminal_bench/harness/harness.py).

/** Terminal-Bench's two outcomes of a test. */
export type TestOutcome = "passed" | "failed";

/** The parsers this port has: Terminal-Bench's `ParserName` values pytest and swebench. */
export const TERMINAL_BENCH_PARSERS = ["pytest", "swebench"] as const;
export type TerminalBenchParser = (typeof TERMINAL_BENCH_PARSERS)[number];

/** Parsed results by test name, or why the output could not be parsed (Terminal-Bench's PARSE_ERROR). */
export type ParsedTests =
  | { readonly status: "parsed"; readonly results: Readonly<Record<string, TestOutcome>> }
  | { readonly status: "parse_error"; readonly reason: string };

/** pytest's summary statuses; passed, skipped and xfail count as passed, failed, error and xpass as failed. */
const PYTEST_OUTCOMES: Readonly<Record<string, TestOutcome>> = {
  PASSED: "passed",
  SKIPPED: "passed",
  XFAIL: "passed",
  FAILED: "failed",
  ERROR: "failed",
  XPASS: "failed",
};

const SUMMARY_HEADER = /=+\s*short test summary info\s*=+/i;

/** A summary line's test name and outcome; undefined for a line that is not one (it is then ignored). */
function pytestLine(line: string): { name: string; outcome: TestOutcome } | undefined {
  let text = line;
  // A failure's description follows its last " - "; only FAILED lines have it cut.
  if (text.startsWith("FAILED")) {
    const pieces = text.split(" - ");
    if (pieces.length > 1) text = pieces.slice(0, -1).join(" - ");
  }
  const trimmed = text.trim();
  const space = trimmed.search(/\s/);
  if (space < 0) return undefined;
  const status = trimmed.slice(0, space).replace(/^:+|:+$/g, "");
  const outcome = Object.hasOwn(PYTEST_OUTCOMES, status) ? PYTEST_OUTCOMES[status] : undefined;
  if (outcome === undefined) return undefined;
  const path = trimmed.slice(space).trim();
  const separator = path.indexOf("::");
  const name = separator < 0 ? path : path.slice(separator + 2);
  return name === "" ? undefined : { name, outcome };
}

/** pytest's `-rA` short test summary: every status line after its header (a repeated name keeps its last outcome). */
export function parsePytestOutput(output: string): ParsedTests {
  const match = SUMMARY_HEADER.exec(output);
  if (match === null)
    return { status: "parse_error", reason: "no pytest short test summary info in the test output" };
  const results: Record<string, TestOutcome> = {};
  for (const line of output.slice(match.index + match[0].length).split(/\r\n|\r|\n/)) {
    const parsed = pytestLine(line);
    if (parsed !== undefined) results[parsed.name] = parsed.outcome;
  }
  return { status: "parsed", results };
}

const SWEBENCH_START = "SWEBench results starts here";
const SWEBENCH_END = "SWEBench results ends here";

/** The SWE-bench adapter's markers around PASSED or anything else: one test, `tests`. */
export function parseSwebenchOutput(output: string): ParsedTests {
  if (!output.includes(SWEBENCH_START) || !output.includes(SWEBENCH_END))
    return { status: "parse_error", reason: "no SWE-bench results between the start and end markers" };
  const afterStart = output.slice(output.indexOf(SWEBENCH_START) + SWEBENCH_START.length);
  const block = afterStart.slice(0, afterStart.lastIndexOf(SWEBENCH_END)).trim();
  return { status: "parsed", results: { tests: block === "PASSED" ? "passed" : "failed" } };
}

export function parseTestOutput(parser: TerminalBenchParser, output: string): ParsedTests {
  switch (parser) {
    case "pytest":
      return parsePytestOutput(output);
    case "swebench":
      return parseSwebenchOutput(output);
    default: {
      const unreachable: never = parser;
      return unreachable;
    }
  }
}

/**
 * Terminal-Bench's verdict: resolved when the output parsed and every parsed test passed. As in its harness (`all`
 * over the results), a summary in which no line parsed counts as resolved; unparsable output does not.
 */
export function isResolved(parsed: ParsedTests): boolean {
  return parsed.status === "parsed" && Object.values(parsed.results).every((outcome) => outcome === "passed");
}
