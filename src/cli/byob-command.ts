// `llm-bench byob validate FILE...` and `llm-bench byob new NAME`: check a benchmark definition before running it,
// and start one from a commented template.

import { writeStarterDefinition } from "../byob/write-starter-definition.js";
import type { Prompt } from "../core/prompt.js";
import { createDatasetContext } from "../datasets/create-dataset-context.js";
import { ConfigError } from "../errors.js";
import { validateDefinitionFile } from "../runner/validate-definition.js";
import type { CliIo } from "./cli-io.js";
import { byobSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

function showPrompt(prompt: Prompt): string {
  const text =
    prompt.type === "completion"
      ? prompt.text
      : prompt.messages.map((message) => `[${message.role}] ${message.content}`).join("\n");
  return text
    .split("\n")
    .map((line) => `    | ${line}`)
    .join("\n");
}

export async function byobCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(byobSpec, io.argv);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(byobSpec));
    return 0;
  }
  const [action, ...rest] = positionals;
  if (action === "new") {
    if (rest.length !== 1) throw new ConfigError(`byob new: name one benchmark. Usage: ${byobSpec.usage}`);
    const written = writeStarterDefinition(rest[0] ?? "", values.dir ?? ".");
    io.stdout.write(
      `Wrote ${written.join(" and ")}.\nCheck it with: llm-bench byob validate ${written[0] ?? ""}\n`,
    );
    return 0;
  }
  if (action === "validate") {
    if (rest.length === 0)
      throw new ConfigError(`byob validate: name a definition file. Usage: ${byobSpec.usage}`);
    const context = createDatasetContext({
      ...(values.dataDir === undefined ? {} : { dataDir: values.dataDir }),
      env: io.env,
      signal: io.signal,
    });
    for (const file of rest) {
      for (const benchmark of await validateDefinitionFile(file, context)) {
        io.stdout.write(
          `${file}: ${benchmark.name}: ${benchmark.samples} samples, ${benchmark.endpointType}; every row's prompt renders.\n`,
        );
        for (const { id, prompt } of benchmark.prompts)
          io.stdout.write(`  sample ${id}:\n${showPrompt(prompt)}\n`);
        for (const { id, scores } of benchmark.scores) {
          io.stdout.write(
            `  ${benchmark.isProgram ? "program on sample" : "scorer on sample"} ${id} (its target as ${benchmark.isProgram ? "every answer" : "the response"}): ${JSON.stringify(scores)}\n`,
          );
        }
      }
    }
    io.stdout.write("OK\n");
    return 0;
  }
  throw new ConfigError(
    `byob: ${action === undefined ? "name an action" : `unknown action "${action}"`}: validate or new. Usage: ${byobSpec.usage}`,
  );
}
