// A SWE-bench row as the Hub publishes it (`SWE-bench/SWE-bench_Verified` and `SWE-bench/SWE-bench`, test: repo,
// instance_id, base_commit, patch, test_patch, problem_statement, hints_text, created_at, version, FAIL_TO_PASS,
// PASS_TO_PASS, environment_setup_commit, and Verified's difficulty), and the SweInstance it becomes.
import { z } from "zod";
import type { SweInstance } from "./swe-instance.js";
import { jsonTestListSchema } from "./swe-test-list.js";

/** `owner/name`, as the rows name a GitHub repository. */
export const repoNameSchema = z
  .string()
  .regex(/^[\w.-]+\/[\w.-]+$/, 'expected a GitHub repository as "owner/name"');

/** A text field the rows may leave null (read as ""). */
const optionalText = z
  .string()
  .nullish()
  .transform((text) => text ?? "");

export const sweBenchRowSchema = z.looseObject({
  repo: repoNameSchema,
  instance_id: z.string().min(1),
  base_commit: z.string().regex(/^[0-9a-f]{7,40}$/, "expected a git commit id"),
  patch: z.string().min(1, "expected the gold patch"),
  test_patch: z.string(),
  problem_statement: z.string().min(1, "expected the issue text"),
  hints_text: optionalText,
  // A string in the published rows; read as text if a copy has it as a number.
  version: z
    .union([z.string(), z.number().transform(String)])
    .nullish()
    .transform((version) => version ?? ""),
  environment_setup_commit: optionalText,
  FAIL_TO_PASS: jsonTestListSchema,
  PASS_TO_PASS: jsonTestListSchema,
  difficulty: z.string().nullish(),
});

export type SweBenchRow = z.output<typeof sweBenchRowSchema>;

/** The instance a SWE-bench row describes (its language is Python: SWE-bench's repositories all are). */
export function sweInstanceFromRow(row: SweBenchRow): SweInstance {
  return {
    instanceId: row.instance_id,
    repo: row.repo,
    baseCommit: row.base_commit,
    patch: row.patch,
    testPatch: row.test_patch,
    problemStatement: row.problem_statement,
    hintsText: row.hints_text,
    version: row.version,
    environmentSetupCommit: row.environment_setup_commit,
    failToPass: row.FAIL_TO_PASS,
    passToPass: row.PASS_TO_PASS,
    language: "python",
  };
}
