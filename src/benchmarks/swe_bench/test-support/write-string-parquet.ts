// For Hub tests: rows written as the published SWE-bench files hold them, one STRING column per field, in `columns`'
// order (every field of SWE-bench's and SWE-bench Pro's test parquet files is a string).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parquetWriteBuffer } from "hyparquet-writer";

export function writeStringParquet(
  file: string,
  columns: readonly string[],
  rows: readonly Record<string, unknown>[],
): void {
  const columnData = columns.map((name) => ({
    name,
    data: rows.map((row) => row[name] ?? null),
    type: "STRING" as const,
  }));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, new Uint8Array(parquetWriteBuffer({ columnData })));
}

/** The rows of a JSON-lines file. */
export function readJsonlRows(file: string): Record<string, unknown>[] {
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** SWE-bench Verified's 13 columns, in the published order (the full set has no `difficulty`). */
export const SWE_BENCH_COLUMNS = [
  "repo",
  "instance_id",
  "base_commit",
  "patch",
  "test_patch",
  "problem_statement",
  "hints_text",
  "created_at",
  "version",
  "FAIL_TO_PASS",
  "PASS_TO_PASS",
  "environment_setup_commit",
  "difficulty",
] as const;

/** SWE-bench Pro's 16 columns, in the published order. */
export const SWE_BENCH_PRO_COLUMNS = [
  "repo",
  "instance_id",
  "base_commit",
  "patch",
  "test_patch",
  "problem_statement",
  "requirements",
  "interface",
  "repo_language",
  "fail_to_pass",
  "pass_to_pass",
  "issue_specificity",
  "issue_categories",
  "before_repo_set_cmd",
  "selected_test_files_to_run",
  "dockerhub_tag",
] as const;
