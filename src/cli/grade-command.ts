// `llm-bench grade`: grade pre-generated responses with a benchmark's grader (run directory) or a named grader.
import { z } from "zod";
import { ConfigError } from "../errors.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { gradeResponses, type PregeneratedResponse } from "../runner/grade-responses.js";
import type { CliIo } from "./cli-io.js";
import { gradeSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { gradeWithGrader } from "./grade-with-grader.js";
import { parseCommandLine } from "./parse-command-line.js";
import { readResponsesFile } from "./read-responses-file.js";
import { stripThink } from "./strip-think.js";

const benchmarkLineSchema = z.object({
  id: z.union([z.string(), z.number().transform(String)]),
  response: z.string(),
  reasoning: z.string().optional(),
});

export async function gradeCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(gradeSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(gradeSpec));
    return 0;
  }
  const { responses: responsesFile, output: outputFile, ...gradeInput } = values;
  if (responsesFile === undefined)
    throw new ConfigError(`grade: --responses FILE.jsonl is required. Usage: ${gradeSpec.usage}`);
  const graderName = values.grader;
  if (positionals.length === 0) {
    if (graderName === undefined)
      throw new ConfigError(`grade: name a benchmark or --grader NAME. Usage: ${gradeSpec.usage}`);
    return gradeWithGrader({
      graderName,
      responsesFile,
      outputFile,
      stdout: io.stdout,
      stderr: io.stderr,
    });
  }
  if (positionals.length > 1)
    throw new ConfigError(`grade: name one benchmark, got ${positionals.join(", ")}.`);
  if (outputFile !== undefined) {
    throw new ConfigError(
      "grade: --output goes with --grader alone; with a benchmark the results go to a run directory.",
    );
  }
  const responses: PregeneratedResponse[] = readResponsesFile(responsesFile, benchmarkLineSchema).map(
    ({ line, value }) => {
      const answer = stripThink(value.response);
      return {
        id: value.id,
        response: answer.text,
        reasoning: value.reasoning ?? "",
        isThinkUnclosed: answer.isThinkUnclosed,
        source: `${responsesFile} line ${line}`,
      };
    },
  );
  const result = await gradeResponses({ ...gradeInput, benchmarks: positionals }, responses, {
    env: io.env,
    signal: io.signal,
  });
  io.stdout.write(`${accuracyTable(result.summary)}\nResults: ${result.runDir}\n`);
  return 0;
}
