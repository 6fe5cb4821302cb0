// `llm-bench grade`: grade pre-generated responses with a benchmark's grader (run directory) or a named grader.
import { writeFileAtomic } from "../core/write-file-atomic.js";
import { ConfigError, toError } from "../errors.js";
import { accuracyTable } from "../report/accuracy-table.js";
import { imageProgressLines } from "../report/image-progress-lines.js";
import { gradeResponses } from "../runner/grade-responses.js";
import { gradeWithGrader } from "../runner/grade-with-grader.js";
import { readPregeneratedResponses } from "../runner/read-pregenerated-responses.js";
import { type CliIo, terminalWidth } from "./cli-io.js";
import { gradeSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";
import { writeHtmlOption } from "./write-html-option.js";

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
    const { verdicts, correct, unparsed } = gradeWithGrader({ graderName, responsesFile });
    const text = `${verdicts.map((verdict) => JSON.stringify(verdict)).join("\n")}\n`;
    if (outputFile === undefined) io.stdout.write(text);
    else writeOutput(outputFile, text);
    const total = verdicts.length;
    io.stderr.write(
      `${graderName}: ${correct}/${total} correct (${((100 * correct) / total).toFixed(2)}%), ${unparsed} unparsed\n`,
    );
    return 0;
  }
  if (positionals.length > 1)
    throw new ConfigError(`grade: name one benchmark, got ${positionals.join(", ")}.`);
  if (outputFile !== undefined) {
    throw new ConfigError(
      "grade: --output goes with --grader alone; with a benchmark the results go to a run directory.",
    );
  }
  const responses = readPregeneratedResponses(responsesFile);
  const result = await gradeResponses({ ...gradeInput, benchmarks: positionals }, responses, {
    env: io.env,
    signal: io.signal,
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
    ...(gradeInput.quiet === true
      ? {}
      : { onImageProgress: imageProgressLines((line) => io.stderr.write(`${line}\n`)) }),
  });
  io.stdout.write(
    `${accuracyTable(result.summary, { maxWidth: terminalWidth(io.stdout) })}\nResults: ${result.runDir}\n`,
  );
  if (gradeInput.html === true) writeHtmlOption(io, [result.runDir]);
  return 0;
}

function writeOutput(path: string, text: string): void {
  try {
    writeFileAtomic(path, text);
  } catch (error) {
    throw new ConfigError(`--output ${path}: cannot write the file (${toError(error).message}).`, {
      cause: error,
    });
  }
}
