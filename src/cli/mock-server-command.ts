// `llm-bench mock-server`: the deterministic OpenAI-compatible server, with the oracle that answers benchmarks.
import { once } from "node:events";
import { parseOptionValues } from "../config/parse-option-values.js";
import { ConfigError } from "../errors.js";
import { buildMockServerOptions, type MockServerConfig } from "../mock-server/build-mock-server-options.js";
import { startMockServer } from "../mock-server/start-mock-server.js";
import { startMockServerCluster } from "../mock-server/start-mock-server-cluster.js";
import type { CliIo } from "./cli-io.js";
import { mockServerSpec } from "./command-specs.js";
import { formatCommandHelp } from "./format-command-help.js";
import { parseCommandLine } from "./parse-command-line.js";

export async function mockServerCommand(io: CliIo): Promise<number> {
  const { values, positionals, isHelp } = parseCommandLine(mockServerSpec, io.argv, io.env);
  if (isHelp) {
    io.stdout.write(formatCommandHelp(mockServerSpec));
    return 0;
  }
  if (positionals.length > 0)
    throw new ConfigError(`mock-server takes no arguments, got "${positionals.join(" ")}".`);
  const flags = parseOptionValues(mockServerSpec.groups, values);
  const config: MockServerConfig = {
    flags,
    isOracleOn: flags.oracleBenchmarks !== undefined || values.oracleAccuracy !== undefined,
    dataDir: flags.dataDir,
  };
  if (flags.workers > 1) {
    const serverCluster = await startMockServerCluster(config, flags.workers);
    io.stdout.write(`mock-server listening on ${serverCluster.url} (${flags.workers} workers)\n`);
    if (!io.signal.aborted) await once(io.signal, "abort");
    await serverCluster.close();
    return 0;
  }
  const options = await buildMockServerOptions(config, {
    env: io.env,
    signal: io.signal,
    onWarning: (message) => io.stderr.write(`warning: ${message}\n`),
  });
  const server = await startMockServer(options);
  const oracle = options.oracle;
  const recognised =
    oracle === undefined
      ? ""
      : ` (oracle: ${oracle.benchmarks.map((entry) => `${entry.benchmark.name} ${entry.samples.length}`).join(", ")}, accuracy ${flags.oracleAccuracy})`;
  io.stdout.write(`mock-server listening on ${server.url}${recognised}\n`);
  if (!io.signal.aborted) await once(io.signal, "abort");
  await server.close();
  return 0;
}
