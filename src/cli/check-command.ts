// `llm-bench check`: is the server reachable, which models does it serve, and is --model one of them?

import { createOpenAiHttpBackend } from "../backends/openai-http/create-openai-http-backend.js";
import { parseOptionValues } from "../config/parse-option-values.js";
import { redactReplicaUrls } from "../core/replica-urls.js";
import { ApiCallError, ConfigError, ServerUnreachableError } from "../errors.js";
import type { CliIo } from "./cli-io.js";
import { checkSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function checkCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(checkSpec, io.argv, io.env);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(checkSpec));
    return 0;
  }
  if (positionals.length > 0) {
    throw new ConfigError(
      `check takes no arguments, got "${positionals.join(" ")}"; name the model with --model.`,
    );
  }
  const { baseUrl, model, apiKey } = parseOptionValues(checkSpec.groups, values);
  const backend = createOpenAiHttpBackend({
    baseUrl,
    model: model ?? "",
    ...(apiKey === undefined ? {} : { apiKey }),
  });
  try {
    const models = await backend.listModels({ signal: io.signal });
    io.stdout.write(`Server ${redactReplicaUrls(baseUrl)} is up and serves ${models.length} model(s):\n`);
    for (const id of models) io.stdout.write(`  ${id}\n`);
    if (model === undefined) return 0;
    if (models.includes(model)) {
      io.stdout.write(`Model "${model}" is served.\n`);
      return 0;
    }
    io.stderr.write(
      `Model "${model}" is NOT served at ${redactReplicaUrls(baseUrl)}. Served: ${models.join(", ") || "(none)"}.\n`,
    );
    return 1;
  } catch (error) {
    if (error instanceof ServerUnreachableError || error instanceof ApiCallError) {
      io.stderr.write(`error: ${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await backend.close();
  }
}
