// Rows of livecodebench/code_generation_lite → decoded problems, as LiveCodeBench's `CodeGenerationProblem` reads
// them (LiveCodeBench/LiveCodeBench lcb_runner/benchmarks/code_generation.py@28fef95ea8c9f7a547c8329f2cd3d32b92c1fa24).
import { z } from "zod";
import { parseRows } from "../../datasets/parse-rows.js";
import type { Row } from "../../datasets/types.js";
import { DatasetError } from "../../errors.js";
import { decodeLcbPrivateTests, type LcbTest, parseLcbTestList } from "./lcb-test-cases.js";

export const LCB_PLATFORMS = ["leetcode", "codeforces", "atcoder"] as const;
export const LCB_DIFFICULTIES = ["easy", "medium", "hard"] as const;

/** An id field; a reader that typed it as a number gives its decimal text. */
const idText = z.union([z.string(), z.number()]).transform(String);

/**
 * A naive ISO date or date-time, the form `datetime.fromisoformat` gets from the Hub (`2023-08-21T00:00:00`); the
 * date filters compare it with naive midnights, so an offset (which Python could not compare) is rejected here.
 */
export const NAIVE_ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}(?::\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?)?$/;

/** The Hub row, every column a string as the dataset stores it (`public_test_cases` etc. are JSON text). */
export const lcbRowSchema = z.looseObject({
  question_title: z.string(),
  question_content: z.string(),
  platform: z.enum(LCB_PLATFORMS),
  question_id: idText,
  contest_id: idText,
  contest_date: z.string().regex(NAIVE_ISO_DATE_TIME, "expected a naive ISO date-time"),
  starter_code: z.string(),
  difficulty: z.enum(LCB_DIFFICULTIES),
  public_test_cases: z.string(),
  private_test_cases: z.string(),
  metadata: z.string(),
});
export type LcbRow = z.infer<typeof lcbRowSchema>;

/** A decoded problem: the row's fields, its tests parsed, `func_name` lifted out of `metadata`. */
export interface LcbProblem {
  questionId: string;
  questionTitle: string;
  questionContent: string;
  platform: (typeof LCB_PLATFORMS)[number];
  contestId: string;
  /** As in the row (naive ISO); `lcb-date-filter.ts` compares it. */
  contestDate: string;
  starterCode: string;
  difficulty: (typeof LCB_DIFFICULTIES)[number];
  publicTests: LcbTest[];
  privateTests: LcbTest[];
  metadata: Record<string, unknown>;
  /** `metadata["func_name"]`: present ⇒ call-based (LeetCode); absent ⇒ stdin. */
  functionName: string | undefined;
}

const metadataSchema = z.record(z.string(), z.unknown());

/** Every row in order; the first bad row throws a DatasetError naming `source`, the row and the field. */
export function parseLcbRows(rows: readonly Row[], source: string): LcbProblem[] {
  return parseRows(rows, lcbRowSchema, source).map((row, index) => {
    try {
      return toLcbProblem(row);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new DatasetError(`${source} row ${index + 1} (question_id ${row.question_id}): ${message}`, {
        code: "E_DATASET_ROW_INVALID",
        cause: error,
      });
    }
  });
}

/** One validated row decoded: public and private tests, metadata JSON. */
export function toLcbProblem(row: LcbRow): LcbProblem {
  const metadata = parseMetadata(row.metadata);
  const functionName = metadata["func_name"];
  if (functionName !== undefined && functionName !== null && typeof functionName !== "string") {
    throw new DatasetError(`metadata.func_name is ${typeof functionName}, not a string`);
  }
  return {
    questionId: row.question_id,
    questionTitle: row.question_title,
    questionContent: row.question_content,
    platform: row.platform,
    contestId: row.contest_id,
    contestDate: row.contest_date,
    starterCode: row.starter_code,
    difficulty: row.difficulty,
    publicTests: parseLcbTestList(row.public_test_cases, "public_test_cases"),
    privateTests: decodeLcbPrivateTests(row.private_test_cases),
    metadata,
    // `metadata.get("func_name", None)`: a JSON null is None too, so stdin mode.
    functionName: typeof functionName === "string" ? functionName : undefined,
  };
}

function parseMetadata(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DatasetError(
      `metadata is not JSON: ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }
  const parsed = metadataSchema.safeParse(value);
  if (!parsed.success) throw new DatasetError("metadata is not a JSON object");
  return parsed.data;
}
