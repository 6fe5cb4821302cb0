// Validates raw rows against a benchmark's zod schema, with errors that name the source, row and field.
import type { z } from "zod";
import { DatasetError } from "../errors.js";
import type { Row } from "./types.js";

/**
 * Parses every row with `schema`. The first bad row throws a DatasetError such as
 * `mmlu/test/anatomy_test.csv row 12: field "answer": expected a number, got "E" (1 of 135 rows invalid)`.
 * Row numbers are 1-based positions in `rows` (not file lines), counted from `firstRowNumber` when `rows` is a
 * slice of a file read in parts.
 */
export function parseRows<T>(
  rows: readonly Row[],
  schema: z.ZodType<T>,
  source: string,
  firstRowNumber = 1,
): T[] {
  const parsed: T[] = new Array(rows.length);
  let firstFailure: { index: number; error: z.ZodError } | undefined;
  let failureCount = 0;
  for (let index = 0; index < rows.length; index++) {
    const result = schema.safeParse(rows[index]);
    if (result.success) {
      parsed[index] = result.data;
    } else {
      failureCount++;
      firstFailure ??= { index, error: result.error };
    }
  }
  if (firstFailure === undefined) return parsed;
  const issue = firstFailure.error.issues[0];
  const row = rows[firstFailure.index];
  const detail = issue === undefined ? firstFailure.error.message : describeIssue(issue, row);
  const tally = failureCount > 1 ? ` (${failureCount} of ${rows.length} rows invalid)` : "";
  throw new DatasetError(`${source} row ${firstFailure.index + firstRowNumber}: ${detail}${tally}`, {
    code: "E_DATASET_ROW_INVALID",
    cause: firstFailure.error,
  });
}

function describeIssue(issue: z.core.$ZodIssue, row: unknown): string {
  const value = valueAt(row, issue.path);
  const field = issue.path.length === 0 ? "" : `field "${issue.path.map(String).join(".")}": `;
  if (issue.code === "invalid_type") {
    const isMissing = value === undefined && issue.path.length > 0;
    return `${field}expected ${article(issue.expected)}, ${isMissing ? "but it is missing" : `got ${preview(value)}`}`;
  }
  return `${field}${issue.message}, got ${preview(value)}`;
}

function valueAt(root: unknown, keys: readonly PropertyKey[]): unknown {
  let current = root;
  for (const key of keys) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function preview(value: unknown): string {
  if (value === undefined) return "undefined";
  if (typeof value === "bigint") return `${value}n`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
