// LiveCodeBench test-case lists: the JSON list of {input, output, testtype} in `public_test_cases`, and
// `private_test_cases`, which is that JSON either plain or base64 → zlib → pickle → str (LiveCodeBench/LiveCodeBench
// lcb_runner/benchmarks/code_generation.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24, `CodeGenerationProblem`).
import { inflateSync } from "node:zlib";
import { Parser } from "pickleparser";
import { z } from "zod";
import { DatasetError } from "../../errors.js";

/** One test: stdin text in, stdout text out ("stdin"); or one JSON value per input line, a JSON result ("functional"). */
export interface LcbTest {
  input: string;
  output: string;
  testType: "stdin" | "functional";
}

/** `Test(**t)`: exactly these three keys, `testtype` one of `TestType`'s values. */
const testListSchema = z.array(
  z.strictObject({ input: z.string(), output: z.string(), testtype: z.enum(["stdin", "functional"]) }),
);

/** A JSON list of tests, as `json.loads(...)` then `[Test(**t) for t in ...]` reads it. */
export function parseLcbTestList(json: string, field: string): LcbTest[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new DatasetError(`${field} is not JSON: ${describe(error)}`, { cause: error });
  }
  return toTests(value, field);
}

/**
 * `private_test_cases`: `json.loads(s)` when that works, else
 * `json.loads(pickle.loads(zlib.decompress(base64.b64decode(s.encode("utf-8")))))`.
 */
export function decodeLcbPrivateTests(text: string): LcbTest[] {
  const field = "private_test_cases";
  let plain: unknown;
  let isPlainJson = true;
  try {
    plain = JSON.parse(text);
  } catch {
    isPlainJson = false;
  }
  if (isPlainJson) return toTests(plain, field);
  let unpickled: unknown;
  try {
    const compressed = Buffer.from(text, "base64");
    unpickled = new Parser().parse<unknown>(inflateSync(compressed));
  } catch (error) {
    throw new DatasetError(`${field} is neither JSON nor base64 → zlib → pickle: ${describe(error)}`, {
      cause: error,
    });
  }
  if (typeof unpickled !== "string") {
    throw new DatasetError(`${field} unpickles to ${typeof unpickled}, not the str of JSON it should hold`);
  }
  return parseLcbTestList(unpickled, `${field} (unpickled)`);
}

function toTests(value: unknown, field: string): LcbTest[] {
  const parsed = testListSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? "" : ` at [${issue.path.join("].[")}]`;
    throw new DatasetError(
      `${field} is not a list of {input, output, testtype}${where}: ${issue?.message ?? "invalid"}`,
      { cause: parsed.error },
    );
  }
  return parsed.data.map((test) => ({ input: test.input, output: test.output, testType: test.testtype }));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
