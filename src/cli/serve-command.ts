// `llm-bench serve`: an OpenAI-compatible server over a GGUF model run in-process (llama.cpp).
import { once } from "node:events";
import { createLocalLlamaBackend } from "../backends/local-llama/create-local-llama-backend.js";
import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import { startServeServer } from "../serve/start-serve-server.js";
import type { CliIo } from "./cli-io.js";
import { serveSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function serveCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(serveSpec, io.argv, io.env);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(serveSpec));
    return 0;
  }
  if (positionals.length > 0)
    throw new ConfigError(`serve takes no arguments, got "${positionals.join(" ")}".`);
  const { port, host, apiKey, ...model } = parseOptionValues(serveSpec.groups, values);
  const backend = createLocalLlamaBackend({
    ...model,
    env: io.env,
    onDownloadProgress: (progress) => {
      const total =
        progress.bytesTotal === undefined ? "" : ` of ${(progress.bytesTotal / 1e6).toFixed(1)} MB`;
      io.stderr.write(`\rdownloading ${progress.label}: ${(progress.bytesDone / 1e6).toFixed(1)} MB${total}`);
    },
  });
  try {
    await backend.load({ signal: io.signal });
    const server = await startServeServer({
      backend,
      port,
      host,
      apiKey,
    });
    io.stdout.write(`serving ${backend.modelId} at ${server.baseUrl}\n`);
    if (!io.signal.aborted) await once(io.signal, "abort");
    await server.close();
  } finally {
    await backend.close();
  }
  return 0;
}
