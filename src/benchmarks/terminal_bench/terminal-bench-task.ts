// A Terminal-Bench 1.x task.yaml, read as its harness's `Task` model reads it (terminal_bench/handlers/
// trial_handler.py @ LONGCLI_COMMIT): the instruction, metadata, the parser and the two time limits, with the
// model's defaults; keys it does not know are kept, not refused (pydantic ignores extras).
import { z } from "zod";
import { readYamlData } from "../../core/read-yaml-data.js";
import { DatasetError } from "../../errors.js";

/** Terminal-Bench's `ParserName` values (only pytest and swebench are ported; see parse-test-output.ts). */
const PARSER_NAMES = ["pytest", "swebench", "swelancer", "mlebench", "sweperf"] as const;

export const terminalBenchTaskSchema = z.looseObject({
  instruction: z.string().min(1),
  author_name: z.string().default("unknown"),
  author_email: z.string().default("unknown"),
  difficulty: z.enum(["easy", "medium", "hard", "unknown"]),
  category: z.string().default("software_engineering"),
  tags: z.array(z.string()).default([]),
  parser_name: z.enum(PARSER_NAMES).default("pytest"),
  max_agent_timeout_sec: z.number().positive().default(360),
  max_test_timeout_sec: z.number().positive().default(60),
  run_tests_in_same_shell: z.boolean().default(false),
});
export type TerminalBenchTask = z.infer<typeof terminalBenchTaskSchema>;

/** One line per problem: the field's path and what was wrong with it. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length === 0 ? "(top level)" : issue.path.join(".")}: ${issue.message}`)
    .join("; ");
}

/** Parses a task.yaml's text; `file` names it in errors (bad YAML with its line, a bad field with its name). */
export function parseTerminalBenchTask(text: string, file: string): TerminalBenchTask {
  const data = readYamlData(text);
  if (data.status === "error") {
    const { line } = data;
    throw new DatasetError(
      `${file}${line === undefined ? "" : `:${line}`} is not valid YAML: ${data.message}`,
      {
        code: "E_DATASET_PARSE",
      },
    );
  }
  const parsed = terminalBenchTaskSchema.safeParse(data.value);
  if (!parsed.success)
    throw new DatasetError(`${file} is not a Terminal-Bench task.yaml: ${describeIssues(parsed.error)}`, {
      code: "E_DATASET_PARSE",
    });
  return parsed.data;
}
