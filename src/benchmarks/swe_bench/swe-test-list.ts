// The test lists of a row, as the reference harnesses read them: SWE-bench's FAIL_TO_PASS / PASS_TO_PASS are
// JSON-encoded strings (`json.loads(f2p) if isinstance(f2p, str) else f2p`, SWE-bench/SWE-bench@7a21e05772954cc81471ae19d56f436cecf43c54
// swebench/harness/utils.py), SWE-bench Pro's fail_to_pass / pass_to_pass Python list literals (`eval(...)`,
// scaleapi/SWE-bench_Pro-os@ca10a60a5fcae51e6948ffe1485d4153d421e6c5 swe_bench_pro_eval.py). A list given as a list
// is taken as it is, as SWE-bench's harness takes it.
import { z } from "zod";
import { parsePythonExpression } from "../../graders/bfcl/parse-python-expression.js";

const EXAMPLE = '["tests/test_x.py::test_one", "tests/test_x.py::test_two"]';

/** The strings of a JSON array of strings; undefined when `text` is not one. */
function jsonStrings(text: string): string[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : undefined;
}

/** The strings of a Python list (or tuple) of str literals; undefined when `text` is not one. */
function pythonStrings(text: string): string[] | undefined {
  let node: ReturnType<typeof parsePythonExpression>;
  try {
    node = parsePythonExpression(text);
  } catch {
    return undefined;
  }
  if (node.kind !== "list" && node.kind !== "tuple") return undefined;
  const strings: string[] = [];
  for (const element of node.elts) {
    if (element.kind !== "constant" || typeof element.value !== "string" || element.isBytes === true)
      return undefined;
    strings.push(element.value);
  }
  return strings;
}

/** A test list read by `read` from a string, or given as a list of strings; anything else is refused as `expected`. */
function testListSchema(read: (text: string) => string[] | undefined, expected: string) {
  return z.unknown().transform((value, context): string[] => {
    const tests =
      typeof value === "string"
        ? read(value)
        : Array.isArray(value) && value.every((item) => typeof item === "string")
          ? value
          : undefined;
    if (tests === undefined) {
      context.addIssue({ code: "custom", message: expected });
      return z.NEVER;
    }
    return tests;
  });
}

/** SWE-bench's FAIL_TO_PASS / PASS_TO_PASS: a JSON-encoded list of test names. */
export const jsonTestListSchema = testListSchema(
  jsonStrings,
  `expected a JSON-encoded list of test names, e.g. ${EXAMPLE}`,
);

/** SWE-bench Pro's fail_to_pass / pass_to_pass: a Python list literal of test names (JSON's form is one too). */
export const pythonTestListSchema = testListSchema(
  pythonStrings,
  `expected a Python list literal of test names, e.g. ['tests/test_x.py::test_one'] or ${EXAMPLE}`,
);
