// Runs one row of the bad-input table with the built CLI and lists what it got wrong: the exit code, a message that
// does not match, a stack trace, the API key in any output, or a result presented as complete in its output directory.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../../e2e/support/cli.js";
import { BAD_INPUT_API_KEY } from "./bad-input-fixtures.js";
import type { BadInputRow } from "./bad-input-table.js";

/** A stack trace or the CLI's last-resort handler. */
export const STACK_TRACE = /\n\s+at |internal error|Error: .*\n\s+at /;

export interface BadInputOutcome {
  row: BadInputRow;
  code: number | null;
  stdout: string;
  stderr: string;
  /** Empty when the row passed. */
  problems: string[];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((entry) => join(dir, entry))
    .filter((path) => statSync(path).isFile());
}

/**
 * What in `outputDir` claims a complete result: a run.json whose status is "completed", or a result file
 * (`<benchmark>.json`, the spec's `<benchmark>_<model>_<time>.json`) that does not say `is_complete: false`.
 */
export function completeClaims(outputDir: string): string[] {
  return filesUnder(outputDir)
    .filter((path) => path.endsWith(".json"))
    .flatMap((path) => {
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
      } catch {
        return [`${path} is not JSON`];
      }
      if (path.endsWith("run.json"))
        return value["status"] === "completed" ? [`${path}: status completed`] : [];
      const isResultFile = "accuracy" in value && "num_samples" in value;
      return isResultFile && value["is_complete"] !== false
        ? [`${path}: a result without is_complete: false`]
        : [];
    });
}

export async function runBadInputRow(row: BadInputRow): Promise<BadInputOutcome> {
  const result = await runCli(row.argv, {
    env: row.env ?? {},
    ...(row.cwd === undefined ? {} : { cwd: row.cwd }),
  });
  const problems: string[] = [];
  if (result.code !== row.exitCode) problems.push(`exit ${result.code}, expected ${row.exitCode}`);
  if (!row.stderr.test(result.stderr)) problems.push(`stderr does not match ${row.stderr}`);
  if (STACK_TRACE.test(result.stderr) || STACK_TRACE.test(result.stdout)) problems.push("a stack trace");
  if (`${result.stdout}${result.stderr}`.includes(BAD_INPUT_API_KEY))
    problems.push("the API key in the output");
  if (row.outputDir !== undefined) {
    for (const claim of completeClaims(row.outputDir)) problems.push(`a complete result: ${claim}`);
    for (const path of filesUnder(row.outputDir)) {
      if (readFileSync(path, "utf8").includes(BAD_INPUT_API_KEY)) problems.push(`the API key in ${path}`);
    }
  }
  return { row, code: result.code, stdout: result.stdout, stderr: result.stderr, problems };
}

/** Runs every row, `width` CLI processes at a time, in table order. */
export async function runBadInputRows(rows: readonly BadInputRow[], width = 2): Promise<BadInputOutcome[]> {
  const outcomes: BadInputOutcome[] = new Array(rows.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < rows.length) {
      const index = next++;
      const row = rows[index];
      if (row !== undefined) outcomes[index] = await runBadInputRow(row);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return outcomes;
}
